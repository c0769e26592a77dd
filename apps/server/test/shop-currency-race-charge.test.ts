/**
 * An agent's checkout that charges a delegated card at once, racing a currency change on the
 * server database: it waits for the change, then is refused before the card is charged.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { acp } from "./support/acp-client.ts";
import { useShopWithFakeStripe } from "./support/fake-stripe.ts";
import { createKey } from "./support/mcp-client.ts";
import { nearestPrice, signUpShopper } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const ADDRESS = {
  name: "Ada Agent",
  line_one: "1 Market Street",
  city: "San Francisco",
  state: "CA",
  country: "US",
  postal_code: "94105",
};

describe.each(DB_KINDS.filter((kind) => kind === "postgres"))(
  "a card charged at once, racing a currency change on the %s database",
  (kind) => {
    const { fake, shop } = useShopWithFakeStripe(kind);

    it("waits for the change, then is refused without charging the card", async () => {
      const s = await signUpShopper(shop.server.baseUrl, "Ada Agent");
      const { key } = await createKey(s.http);
      const product = nearestPrice(
        shop.catalogue.filter((p) => p.stockLevel > 5),
        70,
      );
      const call = (path: string, body?: unknown) =>
        acp(shop.server.baseUrl, path, { key, body, secret: null });
      const created = await call("/checkout_sessions", {
        items: [{ id: product.id, quantity: 1 }],
        fulfillment_address: ADDRESS,
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);

      let open = () => {};
      const held = new Promise<void>((resolve) => {
        open = resolve;
      });
      let locked = () => {};
      const changeLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // The change as the merchant's service makes it, held open before its commit.
      const change = shop.server.database.db.transaction(async (tx) => {
        await tx.execute(sql`lock table orders in share mode`);
        await tx.execute(
          sql`insert into app_settings (key, value) values ('shop_currency', 'EUR') on conflict (key) do update set value = 'EUR'`,
        );
        locked();
        await held;
      });
      await changeLocked;
      const complete = call(`/checkout_sessions/${created.json.id}/complete`, {
        payment_data: { token: "spt_good_card", provider: "stripe" },
      });
      const pending = Symbol("pending");
      expect(await Promise.race([complete, new Promise((r) => setTimeout(() => r(pending), 400))])).toBe(
        pending,
      );
      open();
      await change;
      const answer = await complete;
      expect(answer.status, JSON.stringify(answer.json)).not.toBe(200);
      expect(JSON.stringify(answer.json)).toContain("The shop's prices are now in EUR");
      expect(fake.callsTo("POST", /payment_intents/)).toEqual([]);
      expect((await s.http.get("/api/orders")).json).toEqual([]);
    });
  },
);
