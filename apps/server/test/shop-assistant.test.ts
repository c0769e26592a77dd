import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readChatStream } from "./support/http-client.ts";
import { type MockOpenAi, startMockOpenAi } from "./support/mock-openai.ts";
import { DB_KINDS, startTestServer, type TestServer } from "./support/test-server.ts";

interface P {
  id: string;
  name: string;
  brand: string;
  category: string;
  price: number;
  listPrice: number;
  tags: string[];
}

async function ask(
  server: TestServer,
  messages: { role: "user" | "assistant"; content: string }[],
  ip?: string,
) {
  const res = await fetch(`${server.baseUrl}/functions/v1/shop-assistant`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(ip ? { "x-forwarded-for": ip } : {}) },
    body: JSON.stringify({ messages }),
  });
  if (!res.ok)
    return {
      status: res.status,
      text: "",
      products: [] as P[],
      done: false,
      error: ((await res.json()) as { error: { code: string; message: string } }).error,
      engine: null,
    };
  const chat = await readChatStream(res);
  const products = chat.events.filter((e) => e.type === "tool_result").flatMap((e) => e.products as P[]);
  return {
    status: res.status,
    text: chat.text,
    products,
    done: chat.done,
    error: null,
    engine: res.headers.get("x-assistant-engine"),
    raw: chat.raw,
  };
}
const user = (content: string) => ({ role: "user" as const, content });

describe.each(DB_KINDS)("shopping assistant on the %s database (built-in engine)", (kind) => {
  let server: TestServer;
  let catalogue: Map<string, P>;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ASSISTANT_RATE_LIMIT_PER_MINUTE: "1000" } });
    const res = await fetch(`${server.baseUrl}/api/products?pageSize=200`);
    catalogue = new Map(((await res.json()) as { items: P[] }).items.map((p) => [p.id, p]));
  });
  afterAll(async () => {
    await server?.close();
  });

  it("streams in the spec's format: text deltas, a tool_result carousel of real products, [DONE]", async () => {
    const r = await ask(server, [user("Show me running shoes")]);
    expect(r.status).toBe(200);
    expect(r.done).toBe(true);
    expect(r.raw?.trim().endsWith("data: [DONE]")).toBe(true);
    expect(r.text.length).toBeGreaterThan(10);
    expect(r.products.length).toBeGreaterThan(0);
    for (const p of r.products) {
      expect(catalogue.get(p.id)).toEqual(p);
      expect(p.category).toBe("Footwear");
    }
    expect(r.products.some((p) => /running/i.test(p.name))).toBe(true);
    expect(r.text).toContain(r.products[0]!.name);
  });

  it("respects price bounds and brands, and names only shown products", async () => {
    const gifts = await ask(server, [user("Gifts under $100")]);
    expect(gifts.products.length).toBeGreaterThan(0);
    for (const p of gifts.products) {
      expect(p.price).toBeLessThan(100);
      expect(p.tags).toContain("gift");
    }
    const between = await ask(server, [user("headphones between $50 and $80")]);
    expect(between.products.length).toBeGreaterThan(0);
    for (const p of between.products) {
      expect(p.price).toBeGreaterThanOrEqual(50);
      expect(p.price).toBeLessThanOrEqual(80);
    }
    const sony = await ask(server, [user("anything from Sony?")]);
    expect(sony.products.length).toBeGreaterThan(0);
    for (const p of sony.products) expect(p.brand).toBe("Sony");
    const sale = await ask(server, [user("What's on sale?")]);
    for (const p of sale.products) expect(p.price).toBeLessThan(p.listPrice);
  });

  it("refines the previous request on a follow-up", async () => {
    const first = await ask(server, [user("Show me running shoes")]);
    const cheaper = await ask(server, [
      user("Show me running shoes"),
      { role: "assistant", content: first.text },
      user("cheaper ones?"),
    ]);
    expect(cheaper.products.length).toBeGreaterThan(0);
    for (const p of cheaper.products) expect(p.category).toBe("Footwear");
    const prices = cheaper.products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const brand = first.products[0]!.brand;
    const only = await ask(server, [
      user("Show me running shoes"),
      { role: "assistant", content: first.text },
      user(`only ${brand}`),
    ]);
    expect(only.products.length).toBeGreaterThan(0);
    for (const p of only.products) expect(p.brand).toBe(brand);
  });

  it("says honestly when nothing matches, with no products", async () => {
    const r = await ask(server, [user("zxqv blorptang")]);
    expect(r.status).toBe(200);
    expect(r.products).toEqual([]);
    expect(r.text).toMatch(/couldn't find/i);
    const impossible = await ask(server, [user("headphones under $1")]);
    expect(impossible.text).toMatch(/closest alternatives|couldn't find/i);
    for (const p of impossible.products) expect(p.category).toBe("Audio");
  });

  it("answers a greeting without inventing products", async () => {
    const r = await ask(server, [user("hello")]);
    expect(r.products).toEqual([]);
    expect(r.text).toMatch(/Hi|Hello/);
  });

  it("refuses bad bodies with a 400 sentence", async () => {
    for (const body of [
      {},
      { messages: [] },
      { messages: [{ role: "user", content: "" }] },
      { messages: [{ role: "robot", content: "hi" }] },
    ]) {
      const res = await fetch(`${server.baseUrl}/functions/v1/shop-assistant`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
    }
  });
});

describe("shopping assistant limits and the LLM engine (embedded database)", () => {
  let server: TestServer;
  let llm: MockOpenAi;

  beforeAll(async () => {
    llm = await startMockOpenAi();
    server = await startTestServer("embedded", {
      env: {
        AI_BASE_URL: llm.baseUrl,
        AI_MODEL: "mock-model",
        AI_TIMEOUT_MS: "2000",
        ASSISTANT_RATE_LIMIT_PER_MINUTE: "1000",
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await llm?.close();
  });

  it("runs the search tool with arguments streamed in pieces and shows only the tool's products", async () => {
    llm.setReply((body) =>
      body.messages.some((m) => m.role === "tool")
        ? { kind: "text", text: "The Sony ones are great, and the Imaginary Phantom 3000 too." }
        : {
            kind: "tool-call",
            name: "search_products",
            arguments: JSON.stringify({ query: "headphones", brand: "Sony", max_price: 400 }),
            splitInto: 5,
          },
    );
    const r = await ask(server, [user("Sony headphones please")]);
    expect(r.status).toBe(200);
    expect(r.engine).toBe("llm");
    expect(r.done).toBe(true);
    expect(r.products.length).toBeGreaterThan(0);
    for (const p of r.products) {
      expect(p.brand).toBe("Sony");
      expect(p.price).toBeLessThanOrEqual(400);
    }
    expect(r.products.some((p) => p.name.includes("Imaginary"))).toBe(false);
    const toolTurn = llm.requests.at(-1)!;
    expect(toolTurn.messages.some((m) => m.role === "tool" && (m.content ?? "").includes("Sony"))).toBe(true);
    expect(llm.requests.at(-2)!.tools).toBeTruthy();
  });

  it("falls back to the built-in engine when the LLM fails", async () => {
    llm.setReply(() => ({ kind: "status", status: 500 }));
    const r = await ask(server, [user("Show me running shoes")]);
    expect(r.status).toBe(200);
    expect(r.engine).toBe("built-in");
    expect(r.products.length).toBeGreaterThan(0);
    llm.setReply(() => ({ kind: "hang" }));
    const hung = await ask(server, [user("What's on sale?")]);
    expect(hung.status).toBe(200);
    expect(hung.products.length).toBeGreaterThan(0);
  });

  it("maps the AI side's 429 and 402 to the spec's errors", async () => {
    llm.setReply(() => ({ kind: "status", status: 429 }));
    const limited = await ask(server, [user("hi")]);
    expect(limited.status).toBe(429);
    expect(limited.error?.code).toBe("RATE_LIMITED");
    expect(limited.error?.message).toBe("Too many requests. Please wait a moment and try again.");
    llm.setReply(() => ({ kind: "status", status: 402 }));
    const unpaid = await ask(server, [user("hi")]);
    expect(unpaid.status).toBe(402);
    expect(unpaid.error?.code).toBe("AI_UNAVAILABLE");
    expect(unpaid.error?.message).toBe("AI service temporarily unavailable. Please try again later.");
  });
});

describe("shopping assistant rate limit per IP", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("embedded", { env: { ASSISTANT_RATE_LIMIT_PER_MINUTE: "3" } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers 429 with the spec's sentence past the limit", async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof ask>> | null = null;
    for (let i = 0; i < 4; i++) {
      last = await ask(server, [user("hello")]);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last?.error?.message).toBe("Too many requests. Please wait a moment and try again.");
  });
});
