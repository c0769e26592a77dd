import type { Cart } from "@haggle/contract/cart";
import { type Negotiation, negotiationDataBlock, splitNegotiationData } from "@haggle/contract/negotiation";
import { DomainError, forbidden, invalid, notFound } from "@haggle/domain/errors";
import {
  assertBundledProductAvailable,
  negotiatedOnPrices,
  planAcceptance,
  priceSnapshotsFor,
} from "@haggle/domain/negotiation/accept-offer";
import { bundleSearchFor } from "@haggle/domain/negotiation/bundle-candidate";
import { approvalStatusFor, decideMerchantApproval } from "@haggle/domain/negotiation/merchant-approval";
import type {
  BundleCandidate,
  Decision,
  NegotiationSnapshot,
} from "@haggle/domain/negotiation/negotiation-types";
import { takeShopperTurn } from "@haggle/domain/negotiation/negotiation-turn";
import { whatStands } from "@haggle/domain/negotiation/standing-offer";
import type { AiConfig } from "../../platform/ai/openai-compatible.ts";
import type { Db, Queryable, Tx } from "../../platform/db/client.ts";
import type { Logger } from "../../platform/logger.ts";
import { publishEvent } from "../../platform/realtime/event-bus.ts";
import {
  cartFingerprint,
  offerDto,
  cartView,
  applyNegotiatedDiscount,
  findActiveCart,
  lockCart,
  findCart,
  insertCartItem,
  loadCartLines,
  quoteLinesOf,
  writeNegotiatedOnPrice,
  writePriceSnapshot,
} from "../cart/index.ts";
import { assertOrderableCart } from "@haggle/domain/pricing/cart-limit";
import { pairedBundleCandidate, bundledProduct, searchBundleCandidate } from "../catalog/index.ts";
import { loadSellerConfig } from "../settings/index.ts";
import { assertNotHeldOut } from "../experiments/index.ts";
import { type SpokenReply, speak } from "./llm-voice.ts";
import { loadNegotiationContext, policyLines, resultBlock, storedOfferOf } from "./negotiation-context.ts";
import {
  type ApprovalRow,
  addMessage,
  completeNegotiation,
  createApproval,
  findActiveNegotiation,
  findNegotiation,
  findOwnNegotiation,
  issueOffer,
  latestApproval,
  latestOffer,
  latestShownOffer,
  listMessages,
  lockApproval,
  markAgentNegotiation,
  markOfferLapsed,
  type NegotiationChannel,
  recordApprovalDecision,
  replaceActiveNegotiation,
  saveTurnCounters,
  setOfferStatus,
} from "./negotiation.store.ts";

/**
 * The negotiation's use cases: load through the store, let the domain decide (the whole turn,
 * the acceptance, the merchant's answer), write the outcome in the same transaction.
 */

/** The shopper a service acts for; the name stands in when the profile has none. */
type Shopper = { id: string; name?: string };

/**
 * Whether an active negotiation can be picked up again: its latest offer, if it made one, has not
 * lapsed (voided by a cart change or expired). Otherwise the next one starts afresh.
 */
async function isResumable(db: Db | Tx, negotiationId: string, fingerprint: string): Promise<boolean> {
  const offer = await latestOffer(db, negotiationId);
  if (!offer) return true;
  if (offer.status === "voided" || offer.status === "expired") return false;
  if (offer.status !== "standing" && offer.status !== "agreed") return true;
  return whatStands(storedOfferOf(offer), fingerprint, new Date()).standing !== null;
}

/**
 * The negotiation for the shopper's active cart, started on the first message: the cart's active
 * one while it can be resumed (200), else a new one replacing it (201). `restart` ('Start over')
 * always begins a new one.
 */
export async function startNegotiation(
  db: Db,
  who: { id: string },
  options: { restart?: boolean | undefined; channel?: NegotiationChannel } = {},
): Promise<{ id: string; created: boolean }> {
  await assertNotHeldOut(db, who.id);
  return db.transaction(async (tx) => {
    const found = await findActiveCart(tx, who.id);
    // Locked: two first messages at once must not start two negotiations.
    const cart = found ? await lockCart(tx, found.id) : null;
    if (!cart) throw invalid("No active cart", "NO_ACTIVE_CART");
    const lines = await loadCartLines(tx, cart.id);
    if (lines.length === 0) throw invalid("Cart is empty", "CART_EMPTY");
    assertOrderableCart(quoteLinesOf(lines));
    if (!options.restart) {
      const active = await findActiveNegotiation(tx, cart.id);
      if (active?.userId === who.id && (await isResumable(tx, active.id, cartFingerprint(lines)))) {
        return { id: active.id, created: false };
      }
    }
    return { ...(await replaceActiveNegotiation(tx, who.id, cart.id, options.channel)), created: true };
  });
}

/** The merchant's switch: when off, shoppers' AI agents may not negotiate or accept offers. */
export async function assertAgentsMayNegotiate(db: Db): Promise<void> {
  const config = await loadSellerConfig(db);
  if (!config.agents.allow_negotiation) throw forbidden(AGENT_NEGOTIATION_OFF);
}

/** What an agent reads when the merchant has switched agent negotiation off. */
export const AGENT_NEGOTIATION_OFF =
  "This shop does not negotiate with AI agents: the merchant has switched agent negotiation off. Browsing, the cart and checkout still work here, at the cart's prices; the shopper can still haggle with Ava in person on the shop's website.";

/**
 * What the negotiation page opens with, without creating anything: the negotiation whose offer
 * is applied to the cart, else the cart's active one while it can be resumed, else none (a new
 * one starts with the shopper's first message).
 */
export async function currentNegotiation(db: Db, who: { id: string }): Promise<{ id: string | null }> {
  const cart = await findActiveCart(db, who.id);
  if (!cart) return { id: null };
  if (cart.appliedNegotiationId) return { id: cart.appliedNegotiationId };
  const active = await findActiveNegotiation(db, cart.id);
  if (active?.userId !== who.id) return { id: null };
  const lines = await loadCartLines(db, cart.id);
  return { id: (await isResumable(db, active.id, cartFingerprint(lines))) ? active.id : null };
}

export async function getNegotiation(db: Db, who: { id: string }, id: string): Promise<Negotiation> {
  const negotiation = await findOwnNegotiation(db, who.id, id);
  if (!negotiation) throw notFound("No negotiation has that id.");
  const [messages, offer, approval, lines] = await Promise.all([
    listMessages(db, id),
    latestShownOffer(db, id),
    latestApproval(db, id),
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
 * upsells; see docs/decisions/0004-merchant-settings.md); when none fits, the domain's own search.
 */
export async function findBundleCandidate(
  db: Queryable,
  negotiation: Pick<NegotiationSnapshot, "lines" | "bundleProposed">,
): Promise<BundleCandidate | null> {
  const search = bundleSearchFor(negotiation.lines, negotiation.bundleProposed);
  if (!search) return null;
  return (await pairedBundleCandidate(db, negotiation.lines)) ?? (await searchBundleCandidate(db, search));
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
 * One shopper turn: the domain plays it on what the store loaded, with the negotiation locked,
 * and its outcome (offer, approval, counters) is stored in the same transaction; then it is put
 * into words (outside the transaction: an LLM may be slow) and the reply is stored.
 */
export async function negotiateTurn(
  deps: TurnDeps,
  who: Shopper,
  negotiationId: string,
  message: string,
  channel: NegotiationChannel = "web",
): Promise<TurnOutcome> {
  await assertNotHeldOut(deps.db, who.id);
  const decided = await deps.db.transaction(async (tx) => {
    const ctx = await loadNegotiationContext(tx, who, negotiationId);
    // Counted apart on the dashboard from the first agent turn on (a page's turn leaves it so).
    if (channel === "agent") await markAgentNegotiation(tx, negotiationId);
    const turn = takeShopperTurn({
      negotiation: ctx.snapshot,
      message,
      bundleCandidate: await findBundleCandidate(tx, ctx.snapshot),
      now: new Date(),
    });
    if (turn.lapsed) await markOfferLapsed(tx, turn.lapsed);
    await addMessage(tx, negotiationId, "user", message);
    let standing = turn.standing ? ctx.latestOffer : null;
    if (turn.offer?.kind === "issue") {
      standing = await issueOffer(
        tx,
        { negotiationId, cartId: ctx.cart.id, cartFingerprint: ctx.snapshot.fingerprint },
        turn.offer,
      );
    } else if (turn.offer?.kind === "agree") {
      standing = await setOfferStatus(tx, turn.offer.offerId, "agreed");
    }
    if (turn.escalation) {
      const approval = await createApproval(tx, negotiationId, turn.escalation);
      if (approval) {
        await publishEvent(tx, {
          type: "approval.created",
          approvalId: approval.id,
          negotiationId,
          requestedDiscountPct: turn.escalation.percent / 100,
          requestedDiscountAmount: turn.escalation.amount,
          shopperName: ctx.snapshot.profile.name,
        });
      }
    }
    await saveTurnCounters(tx, negotiationId, turn.next);
    const history = await listMessages(tx, negotiationId);
    return { ctx, turn, standing, history };
  });

  const { ctx, turn, standing } = decided;
  // A typed acceptance ("deal", "ok"...) while an offer stands is the button: the same acceptance.
  let voice = turn.voice;
  let applied = false;
  if (turn.decision.kind === "agreed") {
    try {
      await acceptOffer(deps.db, who, negotiationId);
      applied = true;
      voice = { ...voice, decision: { ...turn.decision, applied: true } };
    } catch (error) {
      // Refused (e.g. a bundled product sold out): the offer stays agreed and the button shows why.
      if (!(error instanceof DomainError)) throw error;
      deps.logger.info({ negotiationId, code: error.code }, "typed acceptance not applied");
    }
  }
  const conversation = decided.history.map((m) => ({
    role: m.role === "assistant" ? ("assistant" as const) : ("user" as const),
    content: splitNegotiationData(m.content).display,
  }));
  const reply = await speak(voice, conversation, deps.ai, deps.logger);
  // Applied: nothing is left to accept, so no result block (the client shows the review instead).
  const block = applied ? null : resultBlock(standing, ctx.snapshot.lines);
  const content = block ? `${reply.text}${negotiationDataBlock(block)}` : reply.text;
  await addMessage(deps.db, negotiationId, "assistant", content);
  return { content, reply, decision: turn.decision };
}

/**
 * Applies the standing offer to the cart in one transaction: adds a bundled product, writes the
 * price snapshots and the order-level remainder, completes the negotiation. Only an offer the
 * server issued, for this exact cart, unexpired and inside the current limits, is ever applied.
 */
export async function acceptOffer(db: Db, who: Shopper, negotiationId: string): Promise<Cart> {
  await assertNotHeldOut(db, who.id);
  return db.transaction(async (tx) => {
    const ctx = await loadNegotiationContext(tx, who, negotiationId);
    const plan = planAcceptance(ctx.snapshot, new Date());
    // The bundled product joins the cart at its current price, if it is still there to sell.
    for (const item of plan.offer.terms.newItems) {
      const bundled = await bundledProduct(tx, item.productId);
      assertBundledProductAvailable(item, bundled);
      // Asserted above: the product is there, as its default variant (Ava bundles no product with options).
      if (bundled)
        await insertCartItem(
          tx,
          ctx.cart.id,
          { productId: item.productId, variantId: bundled.variantId },
          item.quantity,
        );
    }
    const lines = await loadCartLines(tx, ctx.cart.id);
    const cartLines = lines.map(({ item }) => ({ cartItemId: item.id, productId: item.productId }));
    const snapshots = priceSnapshotsFor(plan.allocation, cartLines);
    for (const snapshot of snapshots) await writePriceSnapshot(tx, snapshot.cartItemId, snapshot.unitPrice);
    // The prices the offer was computed on: when one moves, the applied price lapses.
    for (const basis of negotiatedOnPrices(ctx.snapshot.lines, plan.offer.terms.newItems, cartLines)) {
      await writeNegotiatedOnPrice(tx, basis.cartItemId, basis.price);
    }
    const cart = await applyNegotiatedDiscount(tx, ctx.cart.id, {
      orderDiscount: plan.allocation.orderDiscount,
      negotiationId,
      at: new Date(),
    });
    await setOfferStatus(tx, plan.offer.id, "applied");
    await completeNegotiation(tx, negotiationId, {
      appliedDiscount: plan.appliedDiscount,
      finalPercentBp: plan.finalPercent,
    });
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
  merchant: { id: string },
  input: { approvalId: string; approved: boolean; notes?: string | undefined },
): Promise<ApprovalRow> {
  return db.transaction(async (tx) => {
    const approval = await lockApproval(tx, input.approvalId);
    if (!approval) throw notFound("No approval has that id.");
    const status = approvalStatusFor(approval.status, input.approved);
    const negotiation = await findNegotiation(tx, approval.negotiationId);
    if (!negotiation) throw notFound("No approval has that id.");
    const updated = await recordApprovalDecision(tx, approval.id, {
      status,
      notes: input.notes ?? null,
      decidedBy: merchant.id,
    });

    const cart = await findCart(tx, negotiation.cartId);
    if (negotiation.status === "active" && cart?.status === "active") {
      const ctx = await loadNegotiationContext(tx, { id: negotiation.userId }, negotiation.id);
      const outcome = decideMerchantApproval({
        negotiation: ctx.snapshot,
        approved: input.approved,
        request: {
          amount: approval.requestedDiscountAmount,
          cartFingerprint: approval.cartFingerprint,
        },
        now: new Date(),
      });
      if (outcome.lapsed) await markOfferLapsed(tx, outcome.lapsed);
      const standing = outcome.issue
        ? await issueOffer(
            tx,
            { negotiationId: negotiation.id, cartId: ctx.cart.id, cartFingerprint: ctx.snapshot.fingerprint },
            outcome.issue,
          )
        : outcome.standing
          ? ctx.latestOffer
          : null;
      // The built-in voice speaks for the merchant's decision: no LLM call inside a transaction.
      const { text } = await speak(outcome.voice, [], null, logger);
      const block = resultBlock(standing, ctx.snapshot.lines);
      await addMessage(
        tx,
        negotiation.id,
        "assistant",
        block ? `${text}${negotiationDataBlock(block)}` : text,
      );
    }
    await publishEvent(tx, {
      type: "approval.decided",
      approvalId: approval.id,
      negotiationId: negotiation.id,
      status,
      userId: negotiation.userId,
    });
    return updated;
  });
}
