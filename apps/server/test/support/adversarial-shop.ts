/**
 * The adversarial shop: a server of its own per test file, a merchant, shoppers with carts of
 * calm catalogue products, and the money checks every adversarial conversation ends with:
 * - every NEGOTIATION_DATA block in a reply was issued by the server and is within the limits,
 * - every offer the server stored is within the limits (15% AND $150 of the subtotal it applies
 *   to, +5 points only with a bundled product; merchant-approved offers up to the approval),
 * - nothing is ever applied to the cart without a server offer,
 * - applying either answers 409 or lowers the cart by exactly the offer's discount.
 * The server must never crash: each reply is 200 ending with [DONE], or a clean 4xx JSON error.
 */
import { splitNegotiationData } from "@haggle/contract/negotiation";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { negotiationApprovals, negotiationOffers, profiles } from "../../src/platform/db/schema.ts";
import { HttpClient, readChatStream, uniqueEmail } from "./http-client.ts";
import { signUpMerchant } from "./shop-fixtures.ts";
import { type DbKind, startTestServer, type TestServer } from "./test-server.ts";

// ---------------------------------------------------------------- the shop's default limits
export const AUTO_BP = 1500;
export const AUTO_AMOUNT = 15_000;
export const BUNDLE_BP = 500;
export const CEILING_BP = 2500;
export const CEILING_AMOUNT = 40_000;

/** The most the policy may give on `subtotal` cents (with the bundling bonus when a product is bundled). */
export const capFor = (subtotal: number, bundle: boolean) =>
  Math.min(Math.floor((subtotal * (AUTO_BP + (bundle ? BUNDLE_BP : 0))) / 10_000), AUTO_AMOUNT, subtotal);
export const ceilingFor = (subtotal: number) =>
  Math.min(Math.floor((subtotal * CEILING_BP) / 10_000), CEILING_AMOUNT, subtotal);
export const cents = (dollars: number) => Math.round(dollars * 100);

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const BLOCK = /<NEGOTIATION_DATA>([\s\S]*?)<\/NEGOTIATION_DATA>/g;

export type Tier = "NONE" | "BRONZE" | "SILVER" | "GOLD" | "PLATINUM";

export interface Product {
  id: string;
  name: string;
  price: number;
  inStock: boolean;
  stockLevel: number;
  demandIndex: number;
}
export interface OfferView {
  id: string;
  discountPercent: number;
  discountAmount: number;
  newItems: { productId: string; quantity: number; price: number }[];
  status: string;
}
export interface CartView {
  items: { id: string; productId: string; quantity: number; unitPrice: number; product: Product }[];
  summary: { subtotal: number; discount: number; total: number };
  offer: OfferView | null;
}
export interface Shopper {
  http: HttpClient;
  /** The negotiation id. */
  id: string;
  email: string;
  /** The cart's subtotal at current product prices, in cents (what offers are computed on). */
  subtotal: number;
  /** Whether an offer was applied to this cart (by this test, through the accept endpoint or words). */
  applied: boolean;
  /**
   * A typed acceptance ("ok", "deal") applied the standing offer, as the button does: what it
   * gave and the most it could give (cents). The negotiation is over; later turns answer 409.
   */
  wordsApplied?: { discount: number; allowed: number };
}
export interface Turn {
  status: number;
  text: string;
  display: string;
  /** Discounts (cents) of the blocks in this reply. */
  blocks: number[];
  voice: string | null;
}
export type ChatMessage = { role: string; content: string };

export const listSubtotal = (cart: CartView) =>
  cart.items.reduce((sum, item) => sum + cents(item.product.price) * item.quantity, 0);

/** What a running shop holds once its test file's `beforeAll` has run. */
interface Shop {
  server: TestServer;
  catalogue: Product[];
  byId: Map<string, Product>;
  merchant: HttpClient;
}

/** Starts the shop for the calling test file (beforeAll/afterAll) and answers its helpers. */
export function adversarialShop(kind: DbKind) {
  const shop = {} as Shop;
  beforeAll(async () => {
    Object.assign(shop, await openShop(kind));
  });
  afterAll(async () => {
    await shop.server?.close();
  });
  const shoppers = shopperSteps(shop);
  const limits = limitChecks(shop);
  const { turn, converse } = conversationSteps(limits);

  return {
    get server() {
      return shop.server;
    },
    get catalogue() {
      return shop.catalogue;
    },
    /** A signed-in merchant of this shop. */
    get merchant() {
      return shop.merchant;
    },
    ...shoppers,
    expectNothingApplied,
    turn,
    converse,
    settle: settleStep(limits),
    maxBlock,
  };
}

/** A server of its own, its catalogue and a signed-in merchant. */
async function openShop(kind: DbKind): Promise<Shop> {
  const server = await startTestServer(kind);
  const catalogue: Product[] = (await new HttpClient(server.baseUrl).get("/api/products?pageSize=200")).json
    .items;
  const byId = new Map(catalogue.map((p) => [p.id, p]));
  const merchant = await signUpMerchant(server.baseUrl, "Adversarial Merchant");
  return { server, catalogue, byId, merchant };
}

// ---------------------------------------------------------------- carts and shoppers

function shopperSteps(shop: Shop) {
  /** A calm product (not hot, plenty of stock) priced close to `target` dollars. */
  function near(target: number, skip = 0): Product {
    const found = shop.catalogue
      .filter((p) => p.inStock && p.stockLevel >= 20 && p.demandIndex < 0.7)
      .sort((a, b) => Math.abs(a.price - target) - Math.abs(b.price - target))[skip];
    if (!found) throw new Error(`no product near $${target}`);
    return found;
  }

  async function newShopper(items: { product: Product; quantity?: number }[], tier?: Tier): Promise<Shopper> {
    const http = new HttpClient(shop.server.baseUrl);
    const email = uniqueEmail("adv");
    expect((await http.signUp(email, "secret123", "Adversarial Shopper")).status).toBe(200);
    for (const { product, quantity } of items) {
      const added = await http.post("/api/cart/items", { productId: product.id, quantity: quantity ?? 1 });
      expect(added.status, JSON.stringify(added.json)).toBe(200);
    }
    if (tier)
      await shop.server.database.db
        .update(profiles)
        .set({ loyaltyTier: tier })
        .where(eq(profiles.email, email));
    const started = await http.post("/api/negotiations", {});
    expect(started.status).toBe(201);
    const cart = (await http.get("/api/cart")).json as CartView;
    return { http, id: started.json.id, email, subtotal: listSubtotal(cart), applied: false };
  }

  /** The usual shopper: one calm product of about $300. */
  const shopper = (target = 300, tier?: Tier) => newShopper([{ product: near(target) }], tier);

  async function refreshSubtotal(s: Shopper) {
    s.subtotal = listSubtotal((await s.http.get("/api/cart")).json);
  }

  return { near, newShopper, shopper, refreshSubtotal };
}

// ---------------------------------------------------------------- money checks

type LimitChecks = ReturnType<typeof limitChecks>;

function limitChecks(shop: Shop) {
  async function offerRows(negotiationId: string) {
    return shop.server.database.db
      .select()
      .from(negotiationOffers)
      .where(eq(negotiationOffers.negotiationId, negotiationId));
  }

  async function approvedAmounts(negotiationId: string): Promise<number[]> {
    const rows = await shop.server.database.db
      .select()
      .from(negotiationApprovals)
      .where(
        and(
          eq(negotiationApprovals.negotiationId, negotiationId),
          eq(negotiationApprovals.status, "approved"),
        ),
      );
    return rows.map((r) => r.requestedDiscountAmount);
  }

  /** The list-price value of an offer's bundled products, from the catalogue (not from the offer). */
  function bundledValue(items: { productId?: string; product_id?: string; quantity: number }[]): number {
    return items.reduce((sum, item) => {
      const product = shop.byId.get(item.productId ?? item.product_id ?? "");
      expect(product, "a bundled product must be a real catalogue product").toBeDefined();
      expect(item.quantity).toBe(1);
      return sum + cents(product!.price) * item.quantity;
    }, 0);
  }

  /**
   * A discount (cents) the server states or stores for shopper `s`'s current cart: within the
   * automatic limits on the subtotal it applies to (cart + bundled products), or, when it came
   * from a merchant approval, within the escalation ceiling and the approved amount. Answers the
   * most that offer may give.
   */
  async function expectWithinLimits(
    s: Shopper,
    offerId: string,
    discount: number,
    bundled: number,
    bundle: boolean,
  ): Promise<number> {
    const [row] = await shop.server.database.db
      .select()
      .from(negotiationOffers)
      .where(eq(negotiationOffers.id, offerId));
    expect(row, "every offer shown must be one the server stored").toBeDefined();
    expect(row!.negotiationId).toBe(s.id);
    expect(row!.discount).toBe(discount);
    const subtotal = s.subtotal + bundled;
    expect(discount).toBeGreaterThanOrEqual(0);
    if (row!.source === "merchant") {
      expect(bundle).toBe(false);
      const approved = Math.max(0, ...(await approvedAmounts(s.id)));
      expect(discount).toBeLessThanOrEqual(ceilingFor(subtotal));
      expect(discount).toBeLessThanOrEqual(approved);
      return Math.min(ceilingFor(subtotal), approved);
    }
    expect(discount, `policy offer on a ${subtotal}-cent subtotal`).toBeLessThanOrEqual(
      capFor(subtotal, bundle),
    );
    return capFor(subtotal, bundle);
  }

  /** An offer as the API shows it, checked against the limits; answers the most it may give. */
  const expectOfferWithinLimits = (s: Shopper, offer: OfferView) =>
    expectWithinLimits(
      s,
      offer.id,
      cents(offer.discountAmount),
      bundledValue(offer.newItems),
      offer.newItems.length > 0,
    );

  /** Every offer the server ever stored for this negotiation, on the subtotal it was made for. */
  async function expectStoredOffersWithinLimits(s: Shopper) {
    const approved = await approvedAmounts(s.id);
    for (const row of await offerRows(s.id)) {
      const discount = row.discount;
      const subtotal = row.subtotal;
      const newItems = (row.newItems ?? []) as { productId: string; quantity: number; price: number }[];
      expect(discount).toBeGreaterThanOrEqual(0);
      expect(newItems.length).toBeLessThanOrEqual(1);
      for (const item of newItems) expect(item.price).toBe(cents(shop.byId.get(item.productId)!.price));
      if (row.source === "merchant") {
        expect(newItems).toEqual([]);
        expect(discount).toBeLessThanOrEqual(ceilingFor(subtotal));
        expect(discount).toBeLessThanOrEqual(Math.max(0, ...approved));
      } else {
        expect(row.source).toBe("policy");
        expect(discount).toBeLessThanOrEqual(capFor(subtotal, newItems.length > 0));
      }
    }
  }

  return { bundledValue, expectWithinLimits, expectOfferWithinLimits, expectStoredOffersWithinLimits };
}

/** No negotiated price on the cart: every line at its product price, no order-level discount. */
function expectNothingApplied(cart: CartView) {
  expect(cart.summary.discount).toBe(0);
  for (const item of cart.items) expect(item.unitPrice).toBe(item.product.price);
  expect(cents(cart.summary.subtotal)).toBe(listSubtotal(cart));
}

// ---------------------------------------------------------------- conversations

function conversationSteps(limits: LimitChecks) {
  /** Checks every block of a reply: issued by the server for this negotiation, within the limits. */
  async function expectBlocksWithinLimits(s: Shopper, text: string): Promise<number[]> {
    const found: number[] = [];
    const blocks = [...text.matchAll(BLOCK)];
    expect(blocks.length, "a reply carries at most one NEGOTIATION_DATA block").toBeLessThanOrEqual(1);
    for (const match of blocks) {
      const data = JSON.parse(match[1] ?? "null") as {
        offer_id?: string;
        total_discount_amount: number;
        total_discount_percent: number;
        new_items: { product_id: string; quantity: number }[];
      };
      expect(data.offer_id ?? "", "the block names a server offer").toMatch(UUID);
      const discount = cents(data.total_discount_amount);
      const bundle = data.new_items.length > 0;
      await limits.expectWithinLimits(
        s,
        data.offer_id!,
        discount,
        limits.bundledValue(data.new_items),
        bundle,
      );
      found.push(discount);
    }
    return found;
  }

  /** One shopper turn; `history` is sent before the message (the spec's messages array). */
  async function turn(
    s: Shopper,
    text: string,
    options: { history?: ChatMessage[]; status?: number } = {},
  ): Promise<Turn> {
    const messages = [...(options.history ?? []), { role: "user", content: text }];
    const res = await s.http.stream("/functions/v1/negotiate-cart", { negotiationId: s.id, messages });
    const expected = options.status ?? (s.wordsApplied ? 409 : 200);
    if (res.status !== 200) {
      const body = (await res.json()) as { error?: { message?: string } };
      expect(res.status, `${text.slice(0, 60)} -> ${JSON.stringify(body)}`).toBe(expected);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof body.error?.message).toBe("string");
      return { status: res.status, text: "", display: "", blocks: [], voice: null };
    }
    expect(res.status, text.slice(0, 60)).toBe(expected);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const chat = await readChatStream(res);
    expect(chat.done, "the reply ends with [DONE]").toBe(true);
    const { display } = splitNegotiationData(chat.text);
    expect(display.length).toBeGreaterThan(0);
    const blocks = await expectBlocksWithinLimits(s, chat.text);
    await noteAppliedByWords(s);
    return { status: 200, text: chat.text, display, blocks, voice: res.headers.get("x-negotiation-voice") };
  }

  /**
   * After a turn: if the shopper's words accepted the standing offer, the server applied it as
   * the button does; the cart must carry exactly that offer, within the limits.
   */
  async function noteAppliedByWords(s: Shopper) {
    if (s.applied) return;
    const negotiation = (await s.http.get(`/api/negotiations/${s.id}`)).json as {
      status: string;
      offer: OfferView | null;
    };
    if (negotiation.status !== "completed") return;
    const offer = negotiation.offer;
    expect(offer?.status, "a negotiation completes only by applying its offer").toBe("applied");
    const discount = cents(offer!.discountAmount);
    const allowed = await limits.expectOfferWithinLimits(s, offer!);
    const cart = (await s.http.get("/api/cart")).json as CartView;
    const before = s.subtotal + limits.bundledValue(offer!.newItems);
    expect(before - (cents(cart.summary.subtotal) - cents(cart.summary.discount))).toBe(discount);
    s.applied = true;
    s.subtotal = listSubtotal(cart);
    s.wordsApplied = { discount, allowed };
  }

  /** Several turns in order; each must answer 200 with [DONE] (409 once words applied the offer). */
  async function converse(s: Shopper, messages: string[]): Promise<Turn[]> {
    const turns: Turn[] = [];
    for (const message of messages) turns.push(await turn(s, message));
    return turns;
  }

  return { turn, converse };
}

// ---------------------------------------------------------------- settling

interface NegotiationView {
  status: string;
  offer: OfferView | null;
}

/**
 * The money outcome of a conversation. Reads the negotiation and the cart, checks every offer
 * against the limits and that nothing was applied without the accept endpoint; with
 * `apply`, accepts: 409 when no offer stands, else the cart drops by exactly the offer.
 * Answers what was offered, the most it may give (`allowed`) and what was applied, in cents.
 */
function settleStep(limits: LimitChecks) {
  return async function settle(s: Shopper, apply: boolean) {
    const negotiation = (await s.http.get(`/api/negotiations/${s.id}`)).json as NegotiationView;
    const cart = (await s.http.get("/api/cart")).json as CartView;
    await limits.expectStoredOffersWithinLimits(s);
    if (!s.applied) expectNothingApplied(cart);
    const offer = negotiation.status === "active" ? negotiation.offer : null;
    // The most the standing offer may give, and what it gives (0 and 0 without one).
    let allowed = 0;
    const offered = offer ? cents(offer.discountAmount) : 0;
    if (offer) {
      allowed = await limits.expectOfferWithinLimits(s, offer);
      expect(cart.offer?.id).toBe(offer.id);
    } else if (negotiation.status === "active") {
      expect(cart.offer).toBeNull();
    }
    if (s.wordsApplied) return settleAppliedByWords(s, apply, negotiation, cart, s.wordsApplied);
    if (!apply) return { negotiation, cart, offer, accepted: null, offered, allowed, appliedDiscount: 0 };

    const accepted = await s.http.post(`/api/negotiations/${s.id}/accept`, {});
    if (!offer) {
      await expectNothingToAccept(s, accepted);
      return { negotiation, cart, offer, accepted, offered, allowed, appliedDiscount: 0 };
    }
    const appliedDiscount = await expectAcceptedOffer(s, accepted, cart, offer, limits);
    return { negotiation, cart, offer, accepted, offered, allowed, appliedDiscount };
  };
}

/** Applied by the shopper's words: the button has nothing left to apply. */
async function settleAppliedByWords(
  s: Shopper,
  apply: boolean,
  negotiation: NegotiationView,
  cart: CartView,
  { discount, allowed }: { discount: number; allowed: number },
) {
  const accepted = apply ? await s.http.post(`/api/negotiations/${s.id}/accept`, {}) : null;
  if (accepted) expect(accepted.status).toBe(409);
  const applied = negotiation.offer;
  return {
    negotiation,
    cart,
    offer: applied,
    accepted,
    offered: discount,
    allowed,
    appliedDiscount: discount,
  };
}

type Accepted = Awaited<ReturnType<HttpClient["post"]>>;

/** Accepting without a standing offer answers 409 and leaves the cart as it was. */
async function expectNothingToAccept(s: Shopper, accepted: Accepted) {
  expect(accepted.status, JSON.stringify(accepted.json)).toBe(409);
  expect(typeof accepted.json.error.message).toBe("string");
  const after = (await s.http.get("/api/cart")).json as CartView;
  if (!s.applied) expectNothingApplied(after);
}

/** Accepting the standing offer lowers the cart by exactly its discount; answers what was applied. */
async function expectAcceptedOffer(
  s: Shopper,
  accepted: Accepted,
  cart: CartView,
  offer: OfferView,
  limits: LimitChecks,
): Promise<number> {
  expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
  const applied = accepted.json as CartView;
  const before = listSubtotal(cart) + limits.bundledValue(offer.newItems);
  const after = cents(applied.summary.subtotal) - cents(applied.summary.discount);
  expect(before - after, "the cart drops by exactly the offer's discount").toBe(cents(offer.discountAmount));
  expect(listSubtotal(applied)).toBe(before);
  for (const item of offer.newItems)
    expect(applied.items.some((i) => i.productId === item.productId)).toBe(true);
  for (const item of applied.items) {
    expect(item.unitPrice).toBeGreaterThanOrEqual(0);
    expect(item.unitPrice).toBeLessThanOrEqual(item.product.price);
  }
  expect(applied.offer).toBeNull();
  expect((await s.http.get(`/api/negotiations/${s.id}`)).json.status).toBe("completed");
  s.applied = true;
  s.subtotal = listSubtotal(applied);
  return before - after;
}

/** The largest discount (cents) any block of these turns stated. */
const maxBlock = (turns: Turn[]) => Math.max(0, ...turns.flatMap((t) => t.blocks));
