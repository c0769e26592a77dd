import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runErrandWithLlm } from "../src/cli/llm-shopping-agent.ts";
import { runErrand } from "../src/cli/shopping-agent.ts";
import { type MockOpenAi, startMockOpenAi } from "./support/mock-openai.ts";
import { connectMcp, createKey } from "./support/mcp-client.ts";
import { signUpShopper, TEST_ADDRESS, useShop } from "./support/shop-fixtures.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

describe("the reference agent (npm run agent)", () => {
  const shop = useShop("embedded");

  it("buys running shoes under $120 with a negotiated discount, printing each tool call", async () => {
    const { http } = await signUpShopper(shop.server.baseUrl);
    const client = await connectMcp(shop.server.baseUrl, (await createKey(http)).key);
    const lines: string[] = [];
    const outcome = await runErrand(client, "buy me running shoes under $120 and get a discount", {
      placeOrder: true,
      address: { ...TEST_ADDRESS },
      print: (line) => lines.push(line),
    });
    expect(outcome.status).toBe("ordered");
    expect(outcome.discount).toBeGreaterThan(0);
    const calls = lines.filter((l) => l.startsWith("→ ")).map((l) => l.split(" ")[1]);
    expect(calls).toEqual(
      expect.arrayContaining([
        "search_products",
        "update_cart",
        "negotiate",
        "accept_offer",
        "start_checkout",
      ]),
    );
    expect(lines.some((l) => l.startsWith('← Ava: "'))).toBe(true);
    // The order is the shopper's, as the web app shows it.
    const orders = (await http.get("/api/orders")).json;
    expect(orders).toHaveLength(1);
    expect(orders[0].items[0].name).toMatch(/Running Shoe/i);
    expect(orders[0].items[0].regularPrice).toBeLessThanOrEqual(120);
    await client.close();
  });

  it("npm run agent --url … --place-order ships to --address (the shopper has none saved)", async () => {
    const { http } = await signUpShopper(shop.server.baseUrl, "Flag Address Owner");
    const { key } = await createKey(http);
    const address =
      "name=Ada Lovelace;line1=12 Analytical Row;city=Springfield;region=IL;postalCode=62701;country=US";
    // Asynchronously: the shop answers from this very process.
    const run = await promisify(execFile)(
      process.execPath,
      [
        "--import",
        "tsx",
        "apps/server/src/cli/agent.ts",
        "a lamp",
        `--url=${shop.server.baseUrl}`,
        `--key=${key}`,
        "--place-order",
        `--address=${address}`,
      ],
      // An upper bound: compiling the agent through tsx took over 60 s at load 30 on two cores.
      { cwd: ROOT, encoding: "utf8", env: { ...process.env, AI_BASE_URL: "" }, timeout: 180_000 },
    ).catch((error: { code?: number; stdout?: string; stderr?: string }) => error);
    expect("code" in run ? run.code : 0, `${run.stdout}\n${run.stderr}`).toBe(0);
    const orders = (await http.get("/api/orders")).json;
    expect(orders).toHaveLength(1);
    expect(orders[0].address).toMatchObject({
      name: "Ada Lovelace",
      city: "Springfield",
      country: "US",
    });
  }, 240_000);

  it("hands a human the checkout link when it may not place the order", async () => {
    const { http } = await signUpShopper(shop.server.baseUrl);
    const client = await connectMcp(shop.server.baseUrl, (await createKey(http)).key);
    const outcome = await runErrand(client, "a lamp", { placeOrder: false, print: () => {} });
    expect(outcome).toEqual({ status: "link", checkoutUrl: `${shop.server.baseUrl}/checkout` });
    expect((await http.get("/api/orders")).json).toEqual([]);
    await client.close();
  });
});

describe("the reference agent with an LLM planning (AI_BASE_URL)", () => {
  const shop = useShop("embedded");
  let llm: MockOpenAi;
  beforeAll(async () => {
    llm = await startMockOpenAi();
  });
  afterAll(async () => {
    await llm.close();
  });

  it("hands the model the MCP tools and runs the calls it makes, to an order with a discount", async () => {
    const { http } = await signUpShopper(shop.server.baseUrl);
    const client = await connectMcp(shop.server.baseUrl, (await createKey(http)).key);
    // The model: search, read the first product found, add it (a variant of it when it has sizes), haggle once, accept, check out, then say so.
    llm.setReply((body, index) => {
      const lastTool = [...body.messages].reverse().find((m) => m.role === "tool");
      const script = [
        () => ({
          name: "search_products",
          arguments: JSON.stringify({ query: "running shoes", maxPrice: 120 }),
        }),
        () => {
          const found = JSON.parse(lastTool?.content ?? "{}") as { products: { id: string }[] };
          return { name: "get_product", arguments: JSON.stringify({ productId: found.products[0]?.id }) };
        },
        () => {
          // A product with sizes is bought as one of its variants: the first in stock.
          const { product } = JSON.parse(lastTool?.content ?? "{}") as {
            product: { id: string; options: unknown[]; variants: { variantId: string; inStock: boolean }[] };
          };
          const variant = product.options.length > 0 ? product.variants.find((v) => v.inStock) : undefined;
          return {
            name: "update_cart",
            arguments: JSON.stringify({
              productId: product.id,
              ...(variant ? { variantId: variant.variantId } : {}),
              quantity: 1,
            }),
          };
        },
        () => ({
          name: "negotiate",
          arguments: JSON.stringify({ message: "Could you give me a discount?" }),
        }),
        () => ({ name: "accept_offer", arguments: "{}" }),
        () => ({
          name: "start_checkout",
          arguments: JSON.stringify({ mode: "place_order", address: TEST_ADDRESS }),
        }),
      ];
      const step = script[index];
      return step
        ? { kind: "tool-call", ...step() }
        : { kind: "text", text: "I bought the shoes with a discount." };
    });
    const lines: string[] = [];
    const ai = {
      baseUrl: llm.baseUrl,
      apiKey: undefined,
      model: "mock",
      embeddingModel: undefined,
      timeoutMs: 5000,
    };
    const outcome = await runErrandWithLlm(client, ai, "buy me running shoes under $120 and get a discount", {
      placeOrder: true,
      address: { ...TEST_ADDRESS },
      print: (line) => lines.push(line),
    });
    expect(outcome.status).toBe("ordered");
    expect(outcome.discount).toBeGreaterThan(0);
    expect(lines.at(-1)).toBe("Agent: I bought the shoes with a discount.");
    // The model was given every tool, with its JSON Schema, and each tool's answer.
    const tools = llm.requests[0]?.tools as { function: { name: string; parameters: { type: string } } }[];
    expect(tools.map((t) => t.function.name)).toContain("negotiate");
    expect(tools.every((t) => t.function.parameters.type === "object")).toBe(true);
    expect(llm.requests.at(-1)?.messages.filter((m) => m.role === "tool")).toHaveLength(6);
    expect((await http.get("/api/orders")).json).toHaveLength(1);
    await client.close();
  });
});
