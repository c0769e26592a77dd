import { formatPercentPoints } from "@haggle/domain/pricing/percent";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeResult } from "../src/cli/shopping-agent.ts";
import { sellerConfig } from "../src/platform/db/schema.ts";
import { call, connectMcp, createKey, ok } from "./support/mcp-client.ts";
import { nearestPrice, signUpShopper, useShop } from "./support/shop-fixtures.ts";

// The chat said "0.5% off ($0.24)" while the cart panel said "0.49% off". One
// offer whose percent is not whole (Ava's amount cap makes it so) must read the same in Ava's
// reply, the MCP tool's summary, the reference agent's printout and the cart the web app renders (it formats the API's figure
// with the same domain rule).
describe("one offer's percent reads the same everywhere", () => {
  const shop = useShop("embedded");

  it("in the negotiation reply, the MCP negotiate answer and GET /api/cart", async () => {
    await shop.server.database.db
      .update(sellerConfig)
      .set({
        configData: { max_auto_discount_pct: 15, max_auto_discount_amount: 1, bundling_discount_bonus: 0 },
      })
      .where(eq(sellerConfig.configType, "negotiation_limits"));
    const { http } = await signUpShopper(shop.server.baseUrl, "Percy Percent");
    const client = await connectMcp(shop.server.baseUrl, (await createKey(http)).key);
    const product = nearestPrice(
      shop.catalogue.filter((p) => p.inStock && p.stockLevel > 5),
      203,
    );
    await ok(client, "update_cart", { productId: product.id, quantity: 1 });

    const turn = await call(client, "negotiate", { message: "Could you do a discount on this?" });
    expect(turn.isError, turn.text).toBe(false);
    const offer = turn.value.offer as { discountPercent: number };
    // A percent the rule has to round: the $1 cap on a cart of about $200.
    expect(Number.isInteger(offer.discountPercent * 10), String(offer.discountPercent)).toBe(false);
    const shown = formatPercentPoints(offer.discountPercent);

    // Ava's words (the same reply the web chat shows) name that percent, and no other reading of it.
    const percentsIn = (text: string) => text.match(/\d+(?:\.\d+)?%/g) ?? [];
    expect(percentsIn(turn.value.reply as string)).toContain(shown);
    // The MCP tool's one-line summary.
    expect(percentsIn(turn.text)).toContain(shown);
    // The reference agent (npm run agent) prints the answer to its owner the same way.
    expect(describeResult("negotiate", turn.value)).toContain(`offer: ${shown} = `);
    // The cart as the web app reads it: the same figure, which its offer line formats with the same rule.
    const cart = (await http.get("/api/cart")).json;
    expect(cart.offer?.discountPercent).toBe(offer.discountPercent);
    expect(formatPercentPoints(cart.offer.discountPercent)).toBe(shown);
    expect(describeResult("get_cart", (await ok(client, "get_cart")) as never)).toContain(`offer ${shown} (`);
    await client.close();
  });
});
