import type { Cart } from "@haggle/contract/cart";
import {
  type Negotiation,
  type NegotiationResult,
  negotiationDataBlock,
  splitNegotiationData,
} from "@haggle/contract/negotiation";
import {
  automaticCap,
  decideCounterOffer,
  escalationCeiling,
  limitsFor,
  offerInDecision,
} from "@haggle/domain/negotiation/decide-counter-offer";
import { TIER_LABELS } from "@haggle/domain/negotiation/loyalty-tier";
import { toCents, toDecimalString, toDollars } from "@haggle/domain/pricing/money";
import type {
  BundleCandidate,
  Decision,
  OfferQuote,
  OfferTerms,
  VoiceInput,
} from "@haggle/domain/negotiation/negotiation-types";
import { parseShopperMessage } from "@haggle/domain/negotiation/parse-shopper-message";
import { pricingRulesFrom, quoteCart } from "@haggle/domain/pricing/quote-cart";
import { and, asc, desc, eq, gt, gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import { type SpokenReply, speak } from "./llm-voice.ts";
import type { AiConfig } from "../../platform/ai/openai-compatible.ts";
import type { Db, Tx } from "../../platform/db/client.ts";
import {
  cartItems,
  carts,
  negotiationApprovals,
  negotiationMessages,
  negotiationOffers,
  negotiations,
  products,
  profiles,
} from "../../platform/db/schema.ts";
import type { SessionUser } from "../../http/context.ts";
import { badRequest, conflict, notFound } from "../../http/http-error.ts";
import type { Logger } from "../../platform/logger.ts";
import { publishEvent } from "../../platform/realtime/event-bus.ts";
import { cartView, findActiveCart, loadCartLines } from "../cart/cart.service.ts";
import {
  allocationFor,
  cartFingerprint,
  type NegotiationContext,
  type OfferRow,
  issueOffer,
  loadNegotiationContext,
  offerDto,
  offerTermsOf,
  policyLines,
  policyState,
} from "./negotiation-context.ts";
import { pairedBundleCandidate } from "../catalog/pairings.service.ts";

export const ASSISTANT_NAME = "Ava";

/** Starts a negotiation for the shopper's active cart, replacing the cart's active one and its messages. */
export async function startNegotiation(db: Db, who: SessionUser): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const cart = await findActiveCart(tx, who.id);
    if (!cart) throw badRequest("No active cart", "NO_ACTIVE_CART");
    const lines = await loadCartLines(tx, cart.id);
    if (lines.length === 0) throw badRequest("Cart is empty", "CART_EMPTY");
    // Messages, offers and approvals go with their negotiation (ON DELETE CASCADE).
    await tx
      .delete(negotiations)
      .where(and(eq(negotiations.cartId, cart.id), eq(negotiations.status, "active")));
    const [row] = await tx
      .insert(negotiations)
      .values({ userId: who.id, cartId: cart.id, status: "active" })
      .returning({ id: negotiations.id });
    if (!row) throw new Error("negotiation not created");
    return row;
  });
}

async function ownNegotiation(db: Db | Tx, who: SessionUser, id: string) {
  const [row] = await db
    .select()
    .from(negotiations)
    .where(and(eq(negotiations.id, id), eq(negotiations.userId, who.id)))
    .limit(1);
  if (!row) throw notFound("No negotiation has that id.");
  return row;
}

export async function getNegotiation(db: Db, who: SessionUser, id: string): Promise<Negotiation> {
  const negotiation = await ownNegotiation(db, who, id);
  const [messages, [offer], [approval], lines] = await Promise.all([
    db
      .select()
      .from(negotiationMessages)
      .where(eq(negotiationMessages.negotiationId, id))
      .orderBy(asc(negotiationMessages.createdAt), asc(negotiationMessages.id)),
    db
      .select()
      .from(negotiationOffers)
      .where(
        and(
          eq(negotiationOffers.negotiationId, id),
          inArray(negotiationOffers.status, ["standing", "agreed", "applied"]),
          gt(negotiationOffers.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(negotiationOffers.createdAt))
      .limit(1),
    db
      .select({ id: negotiationApprovals.id, status: negotiationApprovals.status })
      .from(negotiationApprovals)
      .where(eq(negotiationApprovals.negotiationId, id))
      .orderBy(desc(negotiationApprovals.createdAt))
      .limit(1),
    loadCartLines(db, negotiation.cartId),
  ]);
  return {
    id: negotiation.id,
    status: negotiation.status === "completed" ? "completed" : "active",
    messages: messages.map((m) => ({
      role: m.role === "assistant" ? "assistant" : "user",
      content: m.content,
      createdAt: m.createdAt.toISOString(),
    })),
    // An offer counts only for the cart contents it was made for (as on GET /api/cart).
    offer:
      offer && (offer.status === "applied" || offer.cartFingerprint === cartFingerprint(lines))
        ? offerDto(offer, policyLines(lines))
        : null,
    approval: approval
      ? { id: approval.id, status: approval.status as "pending" | "approved" | "rejected" }
      : null,
  };
}

/**
 * The product Ava may bundle in for the bonus: the merchant's pairings first (cross-sells, then
 * upsells; see docs/decisions/0004-merchant-settings.md); when none fits, a heuristic pick: in
 * stock, not in the cart, cheap next to it, close in category.
 */
async function findBundleCandidate(tx: Tx, ctx: NegotiationContext): Promise<BundleCandidate | null> {
  const lines = ctx.policyLines;
  const subtotal = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  if (lines.length === 0 || subtotal <= 0) return null;
  const paired = await pairedBundleCandidate(tx, lines);
  if (paired) return paired;
  const top = [...ctx.lines].sort(
    (a, b) => toCents(b.product.price) * b.item.quantity - toCents(a.product.price) * a.item.quantity,
  )[0];
  const [row] = await tx
    .select({ id: products.id, name: products.name, price: products.price })
    .from(products)
    .where(
      and(
        eq(products.hidden, false),
        gte(products.stockLevel, 5),
        notInArray(
          products.id,
          lines.map((l) => l.productId),
        ),
        gte(products.price, toDecimalString(Math.max(100, Math.floor(subtotal * 0.03)))),
        lte(products.price, toDecimalString(Math.floor(subtotal * 0.3))),
      ),
    )
    .orderBy(
      sql`(${products.category} = ${top?.product.category ?? ""}) desc`,
      desc(products.demandIndex),
      desc(products.rating),
      asc(products.id),
    )
    .limit(1);
  return row ? { productId: row.id, name: row.name, price: toCents(row.price) } : null;
}

function quoteFor(terms: OfferTerms | null, ctx: NegotiationContext): OfferQuote | null {
  if (!terms) return null;
  const lines = [
    ...ctx.policyLines.map((l) => ({
      price: l.price,
      priceSnapshot: null,
      listPrice: l.listPrice,
      quantity: l.quantity,
    })),
    ...terms.newItems.map((n) => ({
      price: n.price,
      priceSnapshot: null,
      listPrice: n.price,
      quantity: n.quantity,
    })),
  ];
  const quote = quoteCart(
    lines,
    Math.min(terms.discount, terms.subtotal),
    pricingRulesFrom(ctx.config.pricing),
  );
  return {
    subtotal: quote.subtotal,
    discount: quote.discount,
    shipping: quote.shipping,
    tax: quote.tax,
    total: quote.total,
  };
}

function voiceInputFor(ctx: NegotiationContext, decision: Decision, seed: number): VoiceInput {
  return {
    assistantName: ASSISTANT_NAME,
    decision,
    profile: ctx.profile,
    config: ctx.config,
    quote: quoteFor(offerInDecision(decision), ctx),
    lines: ctx.policyLines.map((l) => ({ name: l.name, quantity: l.quantity, price: l.price })),
    seed,
  };
}

function resultBlock(row: OfferRow | null, ctx: NegotiationContext): NegotiationResult | null {
  if (!row || (row.status !== "standing" && row.status !== "agreed")) return null;
  const dto = offerDto(row, ctx.policyLines);
  return {
    negotiation_complete: true,
    offer_id: row.id,
    item_adjustments: dto.itemAdjustments.map((a) => ({ cart_item_id: a.cartItemId, new_price: a.newPrice })),
    total_discount_percent: dto.discountPercent,
    total_discount_amount: dto.discountAmount,
    new_items: dto.newItems.map((n) => ({ product_id: n.productId, quantity: n.quantity, price: n.price })),
    expires_at: dto.expiresAt,
  };
}

function escalationReason(
  decision: Extract<Decision, { kind: "escalate" }>,
  ctx: NegotiationContext,
): string {
  const pct = (decision.requested.percent / 100).toFixed(1);
  const limit = ctx.config.negotiation_limits;
  return `${ctx.profile.name} (${TIER_LABELS[ctx.profile.tier]}, ${ctx.profile.ordersCount} ${ctx.profile.ordersCount === 1 ? "order" : "orders"}) asked for ${pct}% ($${toDecimalString(decision.requested.amount)}) off a $${toDecimalString(ctx.policyLines.reduce((s, l) => s + l.price * l.quantity, 0))} cart, above the automatic limit of ${limit.max_auto_discount_pct}% / $${limit.max_auto_discount_amount}.`;
}

export interface TurnDeps {
  db: Db;
  ai: AiConfig | null;
  logger: Logger;
}

export interface TurnOutcome {
  /** The assistant's full stored content: the words plus the hidden result block, if any. */
  content: string;
  reply: SpokenReply;
  decision: Decision;
}

/**
 * One shopper turn: read the message, let the policy decide, store the decision (offer,
 * approval, state) in one transaction with the negotiation locked; then put it into words
 * (outside the transaction: an LLM may be slow) and store the reply.
 */
export async function negotiateTurn(
  deps: TurnDeps,
  who: SessionUser,
  negotiationId: string,
  message: string,
): Promise<TurnOutcome> {
  const decided = await deps.db.transaction(async (tx) => {
    const ctx = await loadNegotiationContext(tx, who, negotiationId);
    if (ctx.negotiation.status !== "active") {
      throw conflict(
        "This negotiation is complete. Start a new one to negotiate again.",
        "NEGOTIATION_COMPLETED",
      );
    }
    await tx.insert(negotiationMessages).values({ negotiationId, role: "user", content: message });
    const intent = parseShopperMessage(message, {
      subtotal: ctx.policyLines.reduce((s, l) => s + l.price * l.quantity, 0),
      lines: ctx.lines.map(({ item, product }) => ({
        cartItemId: item.id,
        name: product.name,
        brand: product.brand,
        category: product.category,
        price: toCents(product.price),
        quantity: item.quantity,
      })),
    });
    const bundleCandidate = ctx.negotiation.bundleProposed ? null : await findBundleCandidate(tx, ctx);
    const { decision, next } = decideCounterOffer({
      lines: ctx.policyLines,
      profile: ctx.profile,
      config: ctx.config,
      state: policyState(ctx),
      intent,
      bundleCandidate,
    });

    let standing = ctx.standing;
    if (decision.kind === "offer" || decision.kind === "accept-ask") {
      standing = await issueOffer(tx, ctx, decision.offer);
    } else if (decision.kind === "decline" && decision.counter && !ctx.standing) {
      standing = await issueOffer(tx, ctx, decision.counter);
    } else if (
      decision.kind === "decline" &&
      decision.counter &&
      ctx.standing &&
      decision.counter.discount > offerTermsOf(ctx.standing).discount
    ) {
      standing = await issueOffer(tx, ctx, decision.counter);
    } else if (decision.kind === "agreed" && ctx.standing) {
      await tx
        .update(negotiationOffers)
        .set({ status: "agreed" })
        .where(eq(negotiationOffers.id, ctx.standing.id));
      standing = { ...ctx.standing, status: "agreed" };
    } else if (decision.kind === "escalate") {
      const [approval] = await tx
        .insert(negotiationApprovals)
        .values({
          negotiationId,
          status: "pending",
          requestedDiscountPct: (decision.requested.percent / 100).toFixed(2),
          requestedDiscountAmount: toDecimalString(decision.requested.amount),
          escalationReason: escalationReason(decision, ctx),
          cartFingerprint: ctx.fingerprint,
          subtotal: toDecimalString(ctx.policyLines.reduce((s, l) => s + l.price * l.quantity, 0)),
        })
        .returning({ id: negotiationApprovals.id });
      if (approval) {
        await publishEvent(tx, {
          type: "approval.created",
          approvalId: approval.id,
          negotiationId,
          requestedDiscountPct: decision.requested.percent / 100,
          requestedDiscountAmount: toDollars(decision.requested.amount),
          shopperName: ctx.profile.name,
        });
      }
    }
    await tx
      .update(negotiations)
      .set({ rounds: next.round, concessionStep: next.step, bundleProposed: next.bundleProposed })
      .where(eq(negotiations.id, negotiationId));
    const history = await tx
      .select({ role: negotiationMessages.role, content: negotiationMessages.content })
      .from(negotiationMessages)
      .where(eq(negotiationMessages.negotiationId, negotiationId))
      .orderBy(asc(negotiationMessages.createdAt), asc(negotiationMessages.id));
    return { ctx, decision, standing, history, seed: next.round };
  });

  const { ctx, decision, standing } = decided;
  const voiceInput = voiceInputFor(ctx, decision, decided.seed);
  const conversation = decided.history.map((m) => ({
    role: m.role === "assistant" ? ("assistant" as const) : ("user" as const),
    content: splitNegotiationData(m.content).display,
  }));
  const reply = await speak(voiceInput, conversation, deps.ai, deps.logger);
  const block = resultBlock(standing, ctx);
  const content = block ? `${reply.text}${negotiationDataBlock(block)}` : reply.text;
  await deps.db.insert(negotiationMessages).values({ negotiationId, role: "assistant", content });
  return { content, reply, decision };
}

/**
 * Applies the standing offer to the cart in one transaction: adds a bundled product, writes the
 * price snapshots and the order-level remainder, completes the negotiation. Only an offer the
 * server issued, for this exact cart, unexpired and inside the current limits, is ever applied.
 */
export async function acceptOffer(db: Db, who: SessionUser, negotiationId: string): Promise<Cart> {
  return db.transaction(async (tx) => {
    const ctx = await loadNegotiationContext(tx, who, negotiationId);
    if (ctx.negotiation.status !== "active")
      throw conflict("This negotiation's offer was already applied.", "ALREADY_APPLIED");
    const offer = ctx.standing;
    if (!offer) {
      if (ctx.lapsed === "expired")
        throw conflict("This offer has expired. Ask Ava for a new one.", "OFFER_EXPIRED");
      if (ctx.lapsed === "voided")
        throw conflict("Your cart changed since this offer was made. Ask Ava for a new one.", "OFFER_VOIDED");
      throw conflict("There is no offer to accept yet. Ask Ava for one first.", "NO_OFFER");
    }
    const terms = offerTermsOf(offer);
    const limits = limitsFor(ctx.config, ctx.profile.tier);
    const withinLimits =
      terms.source === "merchant"
        ? terms.discount <= escalationCeiling(terms.subtotal, limits)
        : terms.discount <= automaticCap(terms.subtotal, limits, terms.newItems.length > 0);
    if (!withinLimits)
      throw conflict("This offer is no longer available. Ask Ava for a new one.", "OFFER_OUTSIDE_LIMITS");

    // The bundled product joins the cart at its current price, if it is still there to sell.
    for (const item of terms.newItems) {
      const [product] = await tx.select().from(products).where(eq(products.id, item.productId));
      if (
        !product ||
        product.hidden ||
        product.stockLevel < item.quantity ||
        toCents(product.price) !== item.price
      ) {
        throw conflict(
          `${item.name} is no longer available at that price. Ask Ava for a new offer.`,
          "BUNDLE_UNAVAILABLE",
        );
      }
      await tx
        .insert(cartItems)
        .values({ cartId: ctx.cart.id, productId: item.productId, quantity: item.quantity });
    }
    const lines = await loadCartLines(tx, ctx.cart.id);
    const allocation = allocationFor(terms, ctx.policyLines);
    for (const adjustment of allocation.itemAdjustments) {
      const productId = adjustment.cartItemId.startsWith("new:") ? adjustment.cartItemId.slice(4) : null;
      const line = productId
        ? lines.find((l) => l.item.productId === productId)
        : lines.find((l) => l.item.id === adjustment.cartItemId);
      if (!line)
        throw conflict("Your cart changed since this offer was made. Ask Ava for a new one.", "OFFER_VOIDED");
      await tx
        .update(cartItems)
        .set({ priceSnapshot: toDecimalString(adjustment.newPrice) })
        .where(eq(cartItems.id, line.item.id));
    }
    await tx
      .update(carts)
      .set({
        negotiatedDiscount: toDecimalString(allocation.orderDiscount),
        appliedNegotiationId: negotiationId,
        updatedAt: new Date(),
      })
      .where(eq(carts.id, ctx.cart.id));
    await tx.update(negotiationOffers).set({ status: "applied" }).where(eq(negotiationOffers.id, offer.id));
    await tx
      .update(negotiations)
      .set({
        status: "completed",
        completedAt: new Date(),
        appliedDiscountAmount: toDecimalString(terms.discount),
        finalDiscountPct: (terms.percent / 100).toFixed(2),
      })
      .where(eq(negotiations.id, negotiationId));
    const [cart] = await tx.select().from(carts).where(eq(carts.id, ctx.cart.id));
    return cartView(tx, cart ?? ctx.cart);
  });
}

/**
 * The merchant's decision on an escalated ask. Approved: the requested discount becomes the
 * standing offer (if the cart is still the one it was asked for). Either way Ava tells the
 * shopper in the chat, and the shopper's page hears of it live.
 */
export async function decideApproval(
  db: Db,
  logger: Logger,
  merchant: SessionUser,
  input: { approvalId: string; approved: boolean; notes?: string | undefined },
) {
  return db.transaction(async (tx) => {
    const [approval] = await tx
      .select()
      .from(negotiationApprovals)
      .where(eq(negotiationApprovals.id, input.approvalId))
      .for("update");
    if (!approval) throw notFound("No approval has that id.");
    if (approval.status !== "pending")
      throw conflict("This approval was already decided.", "ALREADY_DECIDED");
    const [negotiation] = await tx
      .select()
      .from(negotiations)
      .where(eq(negotiations.id, approval.negotiationId));
    if (!negotiation) throw notFound("No approval has that id.");
    const status = input.approved ? "approved" : "rejected";
    await tx
      .update(negotiationApprovals)
      .set({ status, notes: input.notes ?? null, decidedBy: merchant.id, decidedAt: new Date() })
      .where(eq(negotiationApprovals.id, approval.id));

    const [owner] = await tx.select().from(profiles).where(eq(profiles.userId, negotiation.userId));
    const shopper: SessionUser = {
      id: negotiation.userId,
      email: owner?.email ?? "",
      name: owner?.name ?? "",
    };
    let text: string | null = null;
    let block: NegotiationResult | null = null;
    const [cart] = await tx.select().from(carts).where(eq(carts.id, negotiation.cartId));
    if (negotiation.status === "active" && cart?.status === "active") {
      const ctx = await loadNegotiationContext(tx, shopper, negotiation.id);
      const amount = toCents(approval.requestedDiscountAmount);
      const subtotal = ctx.policyLines.reduce((s, l) => s + l.price * l.quantity, 0);
      let decision: Decision;
      let standing = ctx.standing;
      if (input.approved && ctx.fingerprint === approval.cartFingerprint && amount <= subtotal) {
        const terms: OfferTerms = {
          discount: amount,
          percent: Math.round((amount * 10_000) / subtotal),
          subtotal,
          newItems: [],
          reasons: ["approved"],
          source: "merchant",
        };
        standing = await issueOffer(tx, ctx, terms);
        decision = { kind: "offer", stage: "final", offer: terms, ask: null };
      } else {
        decision = {
          kind: "decline",
          ask: null,
          counter: ctx.standing ? offerTermsOf(ctx.standing) : null,
          why: "final-reached",
        };
      }
      text = (
        await speak(
          voiceInputFor(ctx, decision, ctx.negotiation.rounds),
          [],
          // The built-in voice speaks for the merchant's decision: no LLM call inside a transaction.
          null,
          logger,
        )
      ).text;
      block = resultBlock(standing, ctx);
      await tx.insert(negotiationMessages).values({
        negotiationId: negotiation.id,
        role: "assistant",
        content: block ? `${text}${negotiationDataBlock(block)}` : text,
      });
    }
    await publishEvent(tx, {
      type: "approval.decided",
      approvalId: approval.id,
      negotiationId: negotiation.id,
      status,
      userId: negotiation.userId,
    });
    const [updated] = await tx
      .select()
      .from(negotiationApprovals)
      .where(eq(negotiationApprovals.id, approval.id));
    return updated!;
  });
}
