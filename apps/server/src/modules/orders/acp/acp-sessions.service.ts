import { shopCurrency } from "@haggle/domain/pricing/money";
import { randomBytes } from "node:crypto";
import {
  ACP_SHIPPING_OPTION_ID,
  type AcpAddress,
  type AcpCheckoutSession,
  type AcpCompleteSession,
  type AcpCreateSession,
  type AcpItem,
  type AcpMessage,
  type AcpUpdateSession,
} from "@haggle/contract/acp";
import { MAX_LINE_QUANTITY } from "@haggle/contract/cart";
import { acpLineItems, acpOrderStatus, acpTotals } from "@haggle/domain/acp/acp-cart-state";
import { variantName } from "@haggle/domain/catalog/variant-name";
import { conflict, DomainError, notFound } from "@haggle/domain/errors";
import { chargedUnitPrice, pricingRulesFrom, shopUnitPrice } from "@haggle/domain/pricing/quote-cart";
import { z } from "zod";
import type { Db, Queryable, Tx } from "../../../platform/db/client.ts";
import type { MailSettings } from "../../../platform/mail/mail-settings.ts";
import type { AccountIdentity } from "../../accounts/index.ts";
import {
  lapseAppliedPriceIfDue,
  type CartRow,
  codeLinesOf,
  deleteCartItem,
  lineName,
  ensureActiveCart,
  findCart,
  insertCartItem,
  loadCartItems,
  loadCartLines,
  lockCart,
  quoteLinesOf,
  updateCartItemQuantity,
  voidNegotiatedPrices,
} from "../../cart/index.ts";
import { findLineVariants, type LineVariantStock } from "../../catalog/index.ts";
import { codeOnCart } from "../../discounts/index.ts";
import type { PaymentProviders } from "../../../platform/payments/payment-provider.ts";
import { loadSellerConfig } from "../../settings/index.ts";
import { cartTaxFor } from "../../taxes/index.ts";
import { checkout } from "../checkout.service.ts";
import { acpShipping } from "./acp-shipping.ts";
import { invalidParam, normalisedAddress, toAddressInput } from "./acp-address.ts";
import {
  type AcpRejectedCode,
  type AcpSessionDetail,
  sessionCode,
  setSessionCodes,
} from "./acp-session-codes.ts";
import { orderEvent } from "./acp-order-event.ts";
import {
  type AcpSessionRow,
  enqueueAcpWebhook,
  findAcpSession,
  insertAcpSession,
  lockAcpSession,
  updateAcpSession,
} from "./acp-sessions.store.ts";

/** What the ACP services reach: plain values, no HTTP. */
export interface AcpDeps {
  db: Db;
  payments: PaymentProviders;
  mail: MailSettings;
  appliedOfferTtlMinutes: number;
  publicUrl: string;
  /** Whether order webhooks go anywhere (ACP_WEBHOOK_URL): only then are they queued. */
  webhooks: boolean;
}

const UUID = z.uuid();

/** The session as every version answers from it: the 2025-09-29 fields and what later versions add. */
export type AcpSessionState = AcpCheckoutSession & { detail: AcpSessionDetail };

/** What a request may also say, beyond the 2025-09-29 fields: the discount extension's codes (the whole set). */
export interface AcpCodesInput {
  discount_codes?: readonly string[];
}

function notFoundSession(): DomainError {
  return notFound("No checkout session has that id.");
}

/**
 * Makes the shopper's cart hold exactly `items`. When they are what it holds already, nothing
 * changes (a negotiated price bound to these contents stays); otherwise the lines are rewritten
 * and, as any cart change does, the negotiated prices are voided.
 */
async function setCartItems(tx: Tx, cart: CartRow, items: readonly AcpItem[]): Promise<void> {
  const wanted = new Map<string, number>();
  for (const [i, item] of items.entries()) {
    if (!UUID.safeParse(item.id).success)
      throw invalidParam(`$.items[${i}].id`, `No product has the id ${item.id}.`);
    wanted.set(item.id, (wanted.get(item.id) ?? 0) + item.quantity);
  }
  // An item's id is a variant's (the feed's items), or a product's without options (its default variant).
  const found = await findLineVariants(tx, [...wanted.keys()]);
  const byVariant = new Map<string, { line: LineVariantStock; quantity: number }>();
  for (const [i, item] of items.entries()) {
    const line = found.get(item.id);
    if (!line || line.hidden) throw invalidParam(`$.items[${i}].id`, `No product has the id ${item.id}.`);
    const name = variantName(line.productName, line.optionValues);
    const quantity = wanted.get(item.id)!;
    if (quantity > MAX_LINE_QUANTITY)
      throw invalidParam(
        `$.items[${i}].quantity`,
        `At most ${MAX_LINE_QUANTITY} of ${name} can be bought at once.`,
      );
    if (quantity > line.stockLevel)
      throw invalidParam(
        `$.items[${i}].quantity`,
        line.stockLevel <= 0
          ? `${name} is out of stock.`
          : `Only ${line.stockLevel} of ${name} left in stock.`,
        "out_of_stock",
      );
    byVariant.set(line.variantId, { line, quantity });
  }
  const current = await loadCartItems(tx, cart.id);
  const same =
    current.length === byVariant.size &&
    current.every((line) => byVariant.get(line.variantId)?.quantity === line.quantity);
  if (same) return;
  for (const line of current) {
    const quantity = byVariant.get(line.variantId)?.quantity;
    if (quantity === undefined) await deleteCartItem(tx, line.id);
    else if (quantity !== line.quantity) await updateCartItemQuantity(tx, line.id, quantity);
  }
  for (const [variantId, { line, quantity }] of byVariant) {
    if (!current.some((c) => c.variantId === variantId))
      await insertCartItem(tx, cart.id, { productId: line.productId, variantId }, quantity);
  }
  await voidNegotiatedPrices(tx, cart.id);
}

function newSessionId(): string {
  return `cs_${randomBytes(18).toString("base64url")}`;
}

function buyerOf(row: AcpSessionRow, who: AccountIdentity) {
  if (row.buyer) return row.buyer as AcpCheckoutSession["buyer"];
  const [first, ...rest] = who.name.trim().split(/\s+/);
  return { first_name: first || who.name, last_name: rest.join(" "), email: who.email };
}

/** What the session still needs (errors) and what the agent should know (info), while it is open. */
function sessionMessages(
  row: AcpSessionRow,
  cart: Awaited<ReturnType<typeof findCart>>,
  lineCount: number,
  takesCards: boolean,
): AcpMessage[] {
  const messages: AcpMessage[] = [];
  const open = row.status === "open";
  if (open && cart?.status !== "active")
    messages.push({
      type: "error",
      code: "invalid",
      content_type: "plain",
      content: "This cart was checked out elsewhere. Start a new checkout session.",
    });
  if (open && lineCount === 0)
    messages.push({
      type: "error",
      code: "missing",
      param: "$.items",
      content_type: "plain",
      content: "The cart is empty.",
    });
  if (open && !row.fulfillmentAddress)
    messages.push({
      type: "error",
      code: "missing",
      param: "$.fulfillment_address",
      content_type: "plain",
      content: "A shipping address is needed before payment.",
    });
  if (open && cart?.negotiationLapse)
    messages.push({
      type: "info",
      content_type: "plain",
      content: "The negotiated price no longer applies: the cart shows today's prices.",
    });
  if (open && !takesCards)
    messages.push({
      type: "info",
      content_type: "plain",
      content:
        "This shop takes payment on delivery or by bank transfer: completing places the order with payment due, nothing is charged.",
    });
  return messages;
}

/** Completed or canceled as stored; an open session is ready for payment once nothing is missing. */
function sessionStatus(row: AcpSessionRow, messages: readonly AcpMessage[]): AcpCheckoutSession["status"] {
  return row.status === "completed"
    ? "completed"
    : row.status === "canceled"
      ? "canceled"
      : messages.some((m) => m.type === "error")
        ? "not_ready_for_payment"
        : "ready_for_payment";
}

/**
 * The session's authoritative state: its cart priced now by the one pricing rule (the applied
 * negotiated price rechecked first), the discount as its own total, our one shipping option,
 * what is missing, and the status that follows.
 */
export async function sessionView(
  deps: AcpDeps,
  db: Queryable,
  row: AcpSessionRow,
  who: AccountIdentity,
  rejected: readonly AcpRejectedCode[] = [],
): Promise<AcpSessionState> {
  const cart = await findCart(db, row.cartId);
  const lines = cart ? await loadCartLines(db, cart.id) : [];
  const config = await loadSellerConfig(db);
  const quoteLines = quoteLinesOf(lines);
  // The code the shopper entered on the cart, as the cart and the checkout price it.
  const code = cart
    ? await codeOnCart(db, {
        cartId: cart.id,
        userId: cart.userId,
        lines: codeLinesOf(lines),
        escalation: config.escalation_rules,
      })
    : null;
  const rules = pricingRulesFrom(config.pricing);
  // The tax of the address the session ships to, as the checkout will charge it.
  const place = row.fulfillmentAddress as AcpAddress | null;
  const tax = await cartTaxFor(
    db,
    place ? { country: place.country, region: place.state ?? null } : null,
    rules.taxRateBasisPoints,
  );
  // Shipping by the shop's zones at the session's address (the option the agent selected), else the flat fee.
  const { quote, options, message } = await acpShipping(db, {
    lines,
    negotiatedDiscount: cart?.negotiatedDiscount ?? 0,
    rules,
    code: code?.quote ?? undefined,
    tax,
    place,
    optionId: row.fulfillmentOptionId,
  });
  const messages = [
    ...sessionMessages(row, cart, lines.length, deps.payments.has("stripe")),
    ...(message && row.status === "open" ? [message] : []),
  ];
  const status = sessionStatus(row, messages);
  const buyer = buyerOf(row, who);
  return {
    id: row.id,
    ...(buyer ? { buyer } : {}),
    ...(deps.payments.has("stripe")
      ? { payment_provider: { provider: "stripe" as const, supported_payment_methods: ["card" as const] } }
      : {}),
    status,
    currency: shopCurrency().toLowerCase(),
    line_items: acpLineItems(
      lines.map(({ item, variant }, i) => ({
        // The item's id as the agent sent it: a variant's, or a product's without options.
        productId: variant.optionValues.length === 0 ? item.productId : item.variantId,
        quantity: item.quantity,
        unitPrice: shopUnitPrice(quoteLines[i]!),
        paidUnitPrice: chargedUnitPrice(quoteLines[i]!, quote),
      })),
      { orderDiscount: quote.discount + quote.codeDiscount, tax: quote.taxIncluded ? 0 : quote.tax },
    ),
    ...(row.fulfillmentAddress ? { fulfillment_address: row.fulfillmentAddress as AcpAddress } : {}),
    fulfillment_options: options,
    ...(row.fulfillmentOptionId ? { fulfillment_option_id: row.fulfillmentOptionId } : {}),
    totals: acpTotals(quote, "Ava"),
    messages,
    links: [],
    ...(row.orderId
      ? {
          order: {
            id: row.orderId,
            checkout_session_id: row.id,
            permalink_url: `${deps.publicUrl}/order-placed?orderId=${row.orderId}`,
          },
        }
      : {}),
    detail: {
      names: lines.map(lineName),
      code: sessionCode(code, quote, "Ava"),
      rejected: [...rejected],
      takesCards: deps.payments.has("stripe"),
    },
  };
}

async function loadOwn(deps: AcpDeps, who: AccountIdentity, id: string): Promise<AcpSessionRow> {
  const row = await findAcpSession(deps.db, who.id, id);
  if (!row) throw notFoundSession();
  return row;
}

/** An option id is the flat option's, or a shipping method's (a uuid) that the address's zone may offer. */
function checkOption(id: string | undefined): void {
  if (id !== undefined && id !== ACP_SHIPPING_OPTION_ID && !z.uuid().safeParse(id).success)
    throw invalidParam(
      "$.fulfillment_option_id",
      `There is no fulfillment option ${id}; the session's fulfillment_options list the ones offered.`,
    );
}

/** POST /acp/checkout_sessions: the shopper's cart made to hold the items, bound to a new session. */
export async function createAcpSession(
  deps: AcpDeps,
  who: AccountIdentity,
  body: AcpCreateSession & AcpCodesInput,
): Promise<AcpSessionState> {
  const address = body.fulfillment_address ? normalisedAddress(body.fulfillment_address) : null;
  let rejected: AcpRejectedCode[] = [];
  const row = await deps.db.transaction(async (tx) => {
    const found = await ensureActiveCart(tx, who.id);
    const cart = await lockCart(tx, found.id);
    if (cart?.status !== "active")
      throw conflict("The cart was just checked out. Try again.", "CART_CONVERTED");
    await setCartItems(tx, cart, body.items);
    if (body.discount_codes) rejected = await setSessionCodes(tx, cart.id, body.discount_codes);
    return insertAcpSession(tx, {
      id: newSessionId(),
      userId: who.id,
      cartId: cart.id,
      buyer: body.buyer ?? null,
      fulfillmentAddress: address,
      fulfillmentOptionId: ACP_SHIPPING_OPTION_ID,
    });
  });
  return sessionView(deps, deps.db, row, who, rejected);
}

/** An open session, locked, with its cart still the shopper's active one (else a clear 4xx). */
async function lockOpen(tx: Tx, who: AccountIdentity, id: string): Promise<AcpSessionRow> {
  const row = await lockAcpSession(tx, who.id, id);
  if (!row) throw notFoundSession();
  if (row.status !== "open")
    throw conflict(
      `This checkout session is ${row.status === "completed" ? "completed" : "canceled"}: it can no longer change.`,
      `SESSION_${row.status.toUpperCase()}`,
    );
  return row;
}

/** POST /acp/checkout_sessions/{id}: items, buyer, address or shipping option changed. */
export async function changeAcpSession(
  deps: AcpDeps,
  who: AccountIdentity,
  id: string,
  body: AcpUpdateSession & AcpCodesInput,
): Promise<AcpSessionState> {
  checkOption(body.fulfillment_option_id);
  const address = body.fulfillment_address ? normalisedAddress(body.fulfillment_address) : null;
  let rejected: AcpRejectedCode[] = [];
  const row = await deps.db.transaction(async (tx) => {
    const session = await lockOpen(tx, who, id);
    if (body.items || body.discount_codes) {
      const cart = await lockCart(tx, session.cartId);
      if (cart?.status !== "active")
        throw conflict(
          "This cart was checked out elsewhere. Start a new checkout session.",
          "CART_CONVERTED",
        );
      if (body.items) await setCartItems(tx, cart, body.items);
      if (body.discount_codes) rejected = await setSessionCodes(tx, cart.id, body.discount_codes);
    }
    const patch = {
      ...(body.buyer ? { buyer: body.buyer } : {}),
      ...(address ? { fulfillmentAddress: address } : {}),
      ...(body.fulfillment_option_id ? { fulfillmentOptionId: body.fulfillment_option_id } : {}),
    };
    await updateAcpSession(tx, session.id, patch);
    return { ...session, ...patch };
  });
  return sessionView(deps, deps.db, row, who, rejected);
}

/** GET /acp/checkout_sessions/{id}; an applied negotiated price that lapsed is voided first. */
export async function getAcpSession(
  deps: AcpDeps,
  who: AccountIdentity,
  id: string,
): Promise<AcpSessionState> {
  const row = await loadOwn(deps, who, id);
  if (row.status === "open") {
    await deps.db.transaction(async (tx) => {
      const cart = await lockCart(tx, row.cartId);
      if (cart?.status === "active" && cart.appliedNegotiationId)
        await lapseAppliedPriceIfDue(tx, cart, await loadCartLines(tx, cart.id), deps.appliedOfferTtlMinutes);
    });
  }
  return sessionView(deps, deps.db, row, who);
}

/** POST /acp/checkout_sessions/{id}/cancel: 405 once completed or canceled (the spec). */
export async function cancelAcpSession(
  deps: AcpDeps,
  who: AccountIdentity,
  id: string,
): Promise<AcpSessionState> {
  const row = await deps.db.transaction(async (tx) => {
    const session = await lockOpen(tx, who, id);
    await updateAcpSession(tx, session.id, { status: "canceled" });
    return { ...session, status: "canceled" };
  });
  return sessionView(deps, deps.db, row, who);
}

/**
 * POST /acp/checkout_sessions/{id}/complete: the web app's checkout (one transaction: re-price,
 * take stock, write the order, convert the cart), keyed by the session so a retry answers the same
 * order; paid with the delegated Stripe token when the shop takes cards, else manual (payment due,
 * and a token given is refused: nothing here could charge it).
 */
export async function completeAcpSession(
  deps: AcpDeps,
  who: AccountIdentity,
  id: string,
  body: AcpCompleteSession,
): Promise<AcpSessionState> {
  const row = await loadOwn(deps, who, id);
  if (row.status === "completed") return sessionView(deps, deps.db, row, who);
  if (row.status === "canceled")
    throw conflict("This checkout session is canceled: it cannot be completed.", "SESSION_CANCELED");
  const view = await sessionView(deps, deps.db, row, who);
  const missing = view.messages.find((m) => m.type === "error");
  if (missing)
    throw new DomainError("invalid", "SESSION_NOT_READY", missing.content, { field: missing.param });
  const stripe = deps.payments.has("stripe");
  if (stripe && !body.payment_data)
    throw invalidParam(
      "$.payment_data",
      "payment_data (the delegated Stripe payment token) is required.",
      "missing",
    );
  // A token no provider here can charge is refused, never dropped: the platform must not believe
  // it charged a card while the order waits for payment by hand.
  if (!stripe && body.payment_data)
    throw invalidParam(
      "$.payment_data",
      "This shop cannot charge a delegated payment token: it takes no card payments. Complete without payment_data to place the order with payment due by hand (on delivery or by bank transfer).",
      "invalid",
    );
  if (body.buyer) await deps.db.transaction((tx) => updateAcpSession(tx, row.id, { buyer: body.buyer! }));
  // The checkout's own refusals pass as they are, with the web checkout's sentences.
  await checkout(
    deps.db,
    who,
    `acp-${row.id}`,
    {
      address: toAddressInput(row.fulfillmentAddress as AcpAddress, "$.fulfillment_address"),
      paymentMethod: stripe ? "stripe" : "manual",
      ...(row.fulfillmentOptionId && row.fulfillmentOptionId !== ACP_SHIPPING_OPTION_ID
        ? { shippingMethodId: row.fulfillmentOptionId }
        : {}),
    },
    {
      cartId: row.cartId,
      ...(stripe && body.payment_data ? { paymentToken: body.payment_data.token } : {}),
      appliedOfferTtlMinutes: deps.appliedOfferTtlMinutes,
      payments: deps.payments,
      mail: deps.mail,
      onPlaced: async (tx, order) => {
        await updateAcpSession(tx, row.id, {
          status: "completed",
          orderId: order.id,
          notifiedStatus: order.status,
        });
        if (deps.webhooks)
          await enqueueAcpWebhook(tx, {
            sessionId: row.id,
            type: "order_create",
            payload: JSON.stringify(
              orderEvent("order_create", row.id, order.id, acpOrderStatus(order.status), deps.publicUrl),
            ),
          });
      },
    },
  );
  const done = await findAcpSession(deps.db, who.id, row.id);
  if (!done) throw notFoundSession();
  return sessionView(deps, deps.db, done, who);
}
