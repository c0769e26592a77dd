import { describe, expect, it } from "vitest";
import { runErrand } from "../src/cli/shopping-agent.ts";
import { connectMcp, createKey } from "./support/mcp-client.ts";
import { signUpShopper, TEST_ADDRESS, useShop } from "./support/shop-fixtures.ts";

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

  it("hands a human the checkout link when it may not place the order", async () => {
    const { http } = await signUpShopper(shop.server.baseUrl);
    const client = await connectMcp(shop.server.baseUrl, (await createKey(http)).key);
    const outcome = await runErrand(client, "a lamp", { placeOrder: false, print: () => {} });
    expect(outcome).toEqual({ status: "link", checkoutUrl: `${shop.server.baseUrl}/checkout` });
    expect((await http.get("/api/orders")).json).toEqual([]);
    await client.close();
  });
});
