/**
 * An applied negotiated price lapses: when a price it
 * was computed on changes, up or down, and APPLIED_OFFER_TTL_MINUTES after it was applied. The
 * cart then shows today's prices and says why; checkout never charges the old price: it refuses
 * with 409 and the new total, or (once the cart shows today's prices) charges them. The shopper
 * may negotiate again. Time is moved by moving the stored time of application back.
 */
import type { Product } from "@haggle/contract/products";
import { toCents } from "@haggle/domain/pricing/money";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { carts, negotiationOffers, products } from "../src/platform/db/schema.ts";
import { ACP_TEST_SECRET, acp } from "./support/acp-client.ts";
import type { HttpClient } from "./support/http-client.ts";
import { createKey } from "./support/mcp-client.ts";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { cents, postCheckout, startNegotiation } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const PRICE_CHANGED =
  "Ava's discount lapsed because a price changed; your cart shows today's prices. You can negotiate again.";
const EXPIRED =
  "Ava's discount expired before checkout; your cart shows today's prices. You can negotiate again.";
const TTL_MINUTES = 30;

interface CartLine {
  id: string;
  productId: string;
  quantity: number;
  unitPrice: number;
  regularPrice: number;
}
interface CartJson {
  id: string;
  items: CartLine[];
  summary: { subtotal: number; discount: number; shipping: number; tax: number; total: number };
  offer: unknown;
  discountNotice: string | null;
}

describe.each(DB_KINDS)("an applied negotiated price lapses, on the %s database", (kind) => {
  const { shop, near, shopper, say, patch } = useMerchantShop(kind, {
    env: { APPLIED_OFFER_TTL_MINUTES: String(TTL_MINUTES), ACP_SIGNING_SECRET: ACP_TEST_SECRET },
  });

  /** A shopper whose cart holds `product` with Ava's offer applied: the cart as accepted. */
  async function withAppliedOffer(product: Product) {
    const s = await shopper([product]);
    const id = await startNegotiation(s.http);
    const offered = await say(s.http, id, "Can I get a discount?");
    expect(offered.result, offered.display).not.toBeNull();
    const accepted = await s.http.post(`/api/negotiations/${id}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    const cart = accepted.json as CartJson;
    expect(cents(cart.summary.discount)).toBeGreaterThan(0);
    expect(cart.discountNotice).toBeNull();
    return { ...s, negotiationId: id, cart };
  }

  const getCart = async (http: HttpClient) => (await http.get("/api/cart")).json as CartJson;

  /** The cart at today's prices, no discount left: every line at the product's price. */
  function expectTodaysPrices(cart: CartJson, price: number) {
    expect(cart.summary.discount).toBe(0);
    for (const line of cart.items) {
      expect(line.unitPrice).toBe(price);
      expect(line.regularPrice).toBe(price);
    }
    expect(cents(cart.summary.subtotal)).toBe(cents(price) * cart.items[0]!.quantity);
    expect(cents(cart.summary.subtotal) + cents(cart.summary.shipping) + cents(cart.summary.tax)).toBe(
      cents(cart.summary.total),
    );
  }

  /** Moves the cart's time of application `minutes` into the past. */
  async function appliedMinutesAgo(cartId: string, minutes: number) {
    await shop.server.database.db
      .update(carts)
      .set({ negotiatedAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(carts.id, cartId));
  }

  /** Sets a price behind the merchant service's back (an import, or a change racing the checkout). */
  async function setPriceDirectly(product: Product, dollars: number) {
    await shop.server.database.db
      .update(products)
      .set({ price: toCents(dollars), listPrice: Math.max(toCents(dollars), toCents(product.listPrice)) })
      .where(eq(products.id, product.id));
  }

  async function restore(product: Product) {
    await shop.server.database.db
      .update(products)
      .set({ price: toCents(product.price), listPrice: toCents(product.listPrice) })
      .where(eq(products.id, product.id));
  }

  it("the merchant raises a price: the cart shows today's price and why at once, checkout charges today's price", async () => {
    const product = near(100);
    const s = await withAppliedOffer(product);
    const raised = product.price * 2;
    try {
      const edited = await patch(`/api/merchant/products/${product.id}`, {
        price: raised,
        listPrice: raised,
      });
      expect(edited.status, JSON.stringify(edited.json)).toBe(200);

      const cart = await getCart(s.http);
      expectTodaysPrices(cart, raised);
      expect(cart.discountNotice).toBe(PRICE_CHANGED);
      // Voided with the merchant's change, as a cart change voids it: nothing applied is left.
      const [row] = await shop.server.database.db.select().from(carts).where(eq(carts.id, s.cart.id));
      expect(row).toMatchObject({ appliedNegotiationId: null, negotiatedDiscount: 0, negotiatedAt: null });

      const order = await postCheckout(s.http);
      expect(order.status, JSON.stringify(order.json)).toBe(201);
      expect(order.json.total).toBe(cart.summary.total);
      expect(cents(order.json.negotiatedDiscount)).toBe(0);
      expect(order.json.items[0].unitPrice).toBe(raised);
      expect(order.json.negotiationId ?? null).toBeNull();
    } finally {
      await restore(product);
    }
  });

  it("the product form's price change is refused once at the next checkout, with the new total, as an import's is", async () => {
    const product = near(100, 2);
    const s = await withAppliedOffer(product);
    const raised = product.price + 100;
    try {
      const edited = await patch(`/api/merchant/products/${product.id}`, {
        price: raised,
        listPrice: raised,
      });
      expect(edited.status, JSON.stringify(edited.json)).toBe(200);
      // Straight to checkout, without opening the cart: the shopper has not seen the new total.
      const refused = await postCheckout(s.http);
      expect(refused.status, JSON.stringify(refused.json)).toBe(409);
      expect(refused.json.error.code).toBe("APPLIED_PRICE_LAPSED");
      const cart = await getCart(s.http);
      expectTodaysPrices(cart, raised);
      expect(cart.discountNotice).toBe(PRICE_CHANGED);
      const total = (cents(cart.summary.total) / 100).toLocaleString("en-US", { minimumFractionDigits: 2 });
      expect(refused.json.error.message).toContain(`Your cart now totals $${total} at today's prices`);
      // Refused once: now the new total is what checkout charges.
      const order = await postCheckout(s.http);
      expect(order.status, JSON.stringify(order.json)).toBe(201);
      expect(order.json.total).toBe(cart.summary.total);
    } finally {
      await restore(product);
    }
  });

  it("the product form's price change is refused once at the next ACP complete, never charged against the total the agent was shown", async () => {
    const product = near(100, 3);
    const s = await withAppliedOffer(product);
    const { key } = await createKey(s.http, "ACP platform");
    const baseUrl = shop.server.baseUrl;
    const created = await acp(baseUrl, "/checkout_sessions", {
      key,
      body: {
        items: [{ id: product.id, quantity: 1 }],
        fulfillment_address: {
          name: "Ada Agent",
          line_one: "1 Market Street",
          city: "San Francisco",
          state: "CA",
          country: "US",
          postal_code: "94105",
        },
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const shown = created.json.totals.find((t: { type: string }) => t.type === "total").amount;
    expect(shown).toBe(cents(s.cart.summary.total));
    const raised = product.price + 100;
    try {
      expect(
        (await patch(`/api/merchant/products/${product.id}`, { price: raised, listPrice: raised })).status,
      ).toBe(200);
      const complete = () =>
        acp(baseUrl, `/checkout_sessions/${created.json.id}/complete`, { key, body: {} });
      const refused = await complete();
      expect(refused.status, JSON.stringify(refused.json)).toBe(409);
      expect(refused.json.code).toBe("applied_price_lapsed");
      const cart = await getCart(s.http);
      expectTodaysPrices(cart, raised);
      const completed = await complete();
      expect(completed.status, JSON.stringify(completed.json)).toBe(200);
      const order = (await s.http.get(`/api/orders/${completed.json.order.id}`)).json;
      expect(order.total).toBe(cart.summary.total);
      expect(cents(order.total)).not.toBe(shown);
    } finally {
      await restore(product);
    }
  });

  it("a price raised behind the cart's back: checkout refuses with 409 and the new total, never the old price", async () => {
    const product = near(100, 1);
    const s = await withAppliedOffer(product);
    const raised = product.price * 2;
    try {
      await setPriceDirectly(product, raised);
      const refused = await postCheckout(s.http);
      expect(refused.status).toBe(409);
      expect(refused.json.error.code).toBe("APPLIED_PRICE_LAPSED");
      const cart = await getCart(s.http);
      expectTodaysPrices(cart, raised);
      expect(cart.discountNotice).toBe(PRICE_CHANGED);
      const total = (cents(cart.summary.total) / 100).toLocaleString("en-US", { minimumFractionDigits: 2 });
      expect(refused.json.error.message).toBe(
        `Ava's discount lapsed because a price changed, so your order was not placed. Your cart now totals $${total} at today's prices: check out again, or negotiate again with Ava.`,
      );
      // The shopper saw the new total; now it is what checkout charges.
      const order = await postCheckout(s.http);
      expect(order.status, JSON.stringify(order.json)).toBe(201);
      expect(order.json.total).toBe(cart.summary.total);
      expect(order.json.items[0].unitPrice).toBe(raised);
    } finally {
      await restore(product);
    }
  });

  it("a lowered price lapses it too: the discount was computed on another price", async () => {
    const product = near(150);
    const lowered = Math.round(product.price * 50) / 100;
    const viaMerchant = await withAppliedOffer(product);
    const behindTheBack = await withAppliedOffer(near(150, 1));
    const other = near(150, 1);
    try {
      expect((await patch(`/api/merchant/products/${product.id}`, { price: lowered })).status).toBe(200);
      const cart = await getCart(viaMerchant.http);
      expectTodaysPrices(cart, lowered);
      expect(cart.discountNotice).toBe(PRICE_CHANGED);

      await setPriceDirectly(other, Math.round(other.price * 50) / 100);
      const refused = await postCheckout(behindTheBack.http);
      expect(refused.status).toBe(409);
      expect(refused.json.error.code).toBe("APPLIED_PRICE_LAPSED");
      expect((await getCart(behindTheBack.http)).discountNotice).toBe(PRICE_CHANGED);
    } finally {
      await restore(product);
      await restore(other);
    }
  });

  it("past APPLIED_OFFER_TTL_MINUTES it lapses: the cart says so, checkout refuses once, then charges today's price", async () => {
    const product = near(120);
    const viewed = await withAppliedOffer(product);
    await appliedMinutesAgo(viewed.cart.id, TTL_MINUTES + 1);
    const cart = await getCart(viewed.http);
    expectTodaysPrices(cart, product.price);
    expect(cart.discountNotice).toBe(EXPIRED);

    const checkedOutDirectly = await withAppliedOffer(near(120, 1));
    await appliedMinutesAgo(checkedOutDirectly.cart.id, TTL_MINUTES + 1);
    const refused = await postCheckout(checkedOutDirectly.http);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("APPLIED_PRICE_LAPSED");
    expect(refused.json.error.message).toMatch(/^Ava's discount expired, so your order was not placed\./);
    const fresh = await getCart(checkedOutDirectly.http);
    expect(fresh.discountNotice).toBe(EXPIRED);
    const order = await postCheckout(checkedOutDirectly.http);
    expect(order.status).toBe(201);
    expect(order.json.total).toBe(fresh.summary.total);
    expect(cents(order.json.negotiatedDiscount)).toBe(0);
  });

  it("an unchanged cart within the TTL checks out at the negotiated price", async () => {
    const s = await withAppliedOffer(near(110));
    // The TTL is configured (30 here, 60 by default): 29 minutes on, it still holds.
    await appliedMinutesAgo(s.cart.id, TTL_MINUTES - 1);
    const cart = await getCart(s.http);
    expect(cart.discountNotice).toBeNull();
    expect(cart.summary).toEqual(s.cart.summary);
    const order = await postCheckout(s.http);
    expect(order.status, JSON.stringify(order.json)).toBe(201);
    expect(order.json.total).toBe(s.cart.summary.total);
    expect(order.json.negotiatedDiscount).toBe(s.cart.summary.discount);
    expect(order.json.negotiationId).toBe(s.negotiationId);
  });

  it("after a lapse the shopper negotiates again; a new offer applied clears the notice", async () => {
    const product = near(130);
    const s = await withAppliedOffer(product);
    await appliedMinutesAgo(s.cart.id, TTL_MINUTES + 5);
    expect((await getCart(s.http)).discountNotice).toBe(EXPIRED);
    expect((await s.http.get("/api/negotiations/current")).json.id).toBeNull();

    const again = await s.http.post("/api/negotiations", {});
    expect(again.status).toBe(201);
    expect(again.json.id).not.toBe(s.negotiationId);
    const offered = await say(s.http, again.json.id, "Any discount for me?");
    expect(offered.result).not.toBeNull();
    const accepted = await s.http.post(`/api/negotiations/${again.json.id}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    expect(accepted.json.discountNotice).toBeNull();
    expect(cents(accepted.json.summary.discount)).toBeGreaterThan(0);
    const order = await postCheckout(s.http);
    expect(order.status).toBe(201);
    expect(order.json.negotiatedDiscount).toBe(accepted.json.summary.discount);
  });

  it("a cart change after a lapse clears the notice, as it voids any negotiated price", async () => {
    const product = near(90);
    const s = await withAppliedOffer(product);
    await appliedMinutesAgo(s.cart.id, TTL_MINUTES + 1);
    const lapsed = await getCart(s.http);
    expect(lapsed.discountNotice).toBe(EXPIRED);
    const line = lapsed.items[0]!;
    const changed = await s.http.request("PATCH", `/api/cart/items/${line.id}`, { quantity: 2 });
    expect(changed.status).toBe(200);
    expect(changed.json.discountNotice).toBeNull();
  });

  it("the merchant's price change voids the standing offers of carts holding the product", async () => {
    const product = near(200);
    const s = await shopper([product]);
    const id = await startNegotiation(s.http);
    expect((await say(s.http, id, "Can I get a discount?")).result).not.toBeNull();
    expect((await getCart(s.http)).offer).not.toBeNull();
    try {
      const raised = product.price + 10;
      expect(
        (await patch(`/api/merchant/products/${product.id}`, { price: raised, listPrice: raised })).status,
      ).toBe(200);
      const offers = await shop.server.database.db
        .select({ status: negotiationOffers.status })
        .from(negotiationOffers)
        .where(eq(negotiationOffers.negotiationId, id));
      expect(offers.map((o) => o.status)).toEqual(["voided"]);
      const cart = await getCart(s.http);
      expect(cart.offer).toBeNull();
      // No applied discount lapsed here: nothing to tell.
      expect(cart.discountNotice).toBeNull();
      expect((await s.http.post(`/api/negotiations/${id}/accept`, {})).status).toBe(409);
    } finally {
      await restore(product);
    }
  });

  it("a change that keeps the price leaves the applied price alone", async () => {
    const product = near(140);
    const s = await withAppliedOffer(product);
    expect(
      (await patch(`/api/merchant/products/${product.id}`, { stockLevel: product.stockLevel + 1 })).status,
    ).toBe(200);
    expect((await patch(`/api/merchant/products/${product.id}`, { price: product.price })).status).toBe(200);
    const cart = await getCart(s.http);
    expect(cart.discountNotice).toBeNull();
    expect(cart.summary).toEqual(s.cart.summary);
  });
});
