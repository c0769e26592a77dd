import { createHash } from "node:crypto";
import type { CheckoutBody, Order } from "@haggle/contract/orders";
import { conflict, failed, invalid } from "@haggle/domain/errors";
import {
  type AppliedPriceLapse,
  appliedPriceLapseAtCheckout,
} from "@haggle/domain/negotiation/applied-price-lapse";
import { loyaltyTierFor } from "@haggle/domain/negotiation/loyalty-tier";
import { assertOrderableAmount } from "@haggle/domain/pricing/cart-limit";
import { shopCurrency } from "@haggle/domain/pricing/money";
import {
  chargedUnitPrice,
  pricingRulesFrom,
  type quoteCart,
  shopUnitPrice,
} from "@haggle/domain/pricing/quote-cart";
import type { Db, Tx } from "../../platform/db/client.ts";
import { type AccountIdentity, lockOrCreateProfile, profileTotalsWrite } from "../accounts/index.ts";
import { addressForCheckout } from "../addresses/index.ts";
import {
  lapseAppliedPriceIfDue,
  cartConvertedWrite,
  cartView,
  codeLinesOf,
  findCart,
  lineName,
  loadCheckoutLines,
  lockActiveCart,
  quoteLinesOf,
  type ShopTerms,
} from "../cart/index.ts";
import { codeForCheckout, redeemCartCode } from "../discounts/index.ts";
import { cartTaxFor } from "../taxes/index.ts";
import type { PaymentProvider, PaymentProviders } from "../../platform/payments/payment-provider.ts";
import type { MailSettings } from "../../platform/mail/mail-settings.ts";
import { mailsWrite, wakeMailSenders } from "../../platform/mail/outbox.store.ts";
import { orderPlacedMails } from "./order-mail.store.ts";
import { loadCheckoutTerms } from "./checkout-terms.store.ts";
import { noteCartVisitor, noteExperimentOrder } from "../experiments/index.ts";
import { inTurnPerProduct, shortLineAfterTaking } from "./checkout-stock-turns.ts";
import { type PlacingWrite, findOrderIdByKey, insertOrder, lockOrdersForCharge } from "./orders.store.ts";
import { completeNegotiationWithOrder as completeNegotiation } from "../negotiation/index.ts";
import { loadOrder, toOrderDto } from "./orders.service.ts";
import { quoteAtAddress } from "./checkout-shipping.service.ts";

/** Thrown inside the transaction to roll it back, then answered as the first order. */
class AlreadyPlaced extends Error {
  constructor(readonly orderId: string) {
    super("already placed");
  }
}

/**
 * The applied negotiated price lapsed under the shopper: it was voided (committed), and the
 * checkout is refused with the cart's new total, so the shopper sees it before paying.
 */
interface Lapsed {
  lapse: AppliedPriceLapse;
  total: number;
}

/**
 * The order a checkout writes has an id made of the shopper and the Idempotency-Key, so a checkout
 * retried after its transaction rolled back writes the same order and its payment provider
 * (called with the same order and key) answers the same payment instead of starting a second.
 */
export function checkoutOrderId(userId: string, idempotencyKey: string): string {
  const bytes = createHash("sha256").update(`${userId}\n${idempotencyKey}`).digest().subarray(0, 16);
  // Shaped as a UUID: version 8 (application-defined), RFC 9562 variant.
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The payment a replayed checkout hands the browser again: while the order still waits for its
 * provider, the provider answers the same payment (same order, same key); otherwise none.
 */
async function resumePayment(
  payments: PaymentProviders,
  order: Order,
  idempotencyKey: string,
  email: string,
): Promise<string | null> {
  if (order.status !== "pending" || order.paymentStatus !== "pending") return null;
  const provider = (payments as ReadonlyMap<string, PaymentProvider>).get(order.paymentMethod);
  if (!provider) return null;
  try {
    const again = await provider.start({ id: order.id, total: order.total, idempotencyKey, email });
    return again.clientSecret;
  } catch {
    // The order stands; without the secret the page shows it waiting, and it expires unpaid.
    return null;
  }
}

type CheckoutOptions = {
  appliedOfferTtlMinutes: number;
  payments: PaymentProviders;
  mail: MailSettings;
  /**
   * Runs inside the checkout's transaction once the order is written (an ACP session binds its
   * order and queues its webhook), so both stand or fall with the order.
   */
  onPlaced?: (tx: Tx, order: { id: string; status: string }) => Promise<void>;
  /** The cart the caller priced (an ACP session's): refused if the shopper's active cart is another. */
  cartId?: string;
  /** A payment method the agent platform delegated (ACP's Stripe token), charged at once. */
  paymentToken?: string;
};

type CheckoutAnswer = { order: Order; created: boolean; clientSecret: string | null };
type LockedCart = NonNullable<Awaited<ReturnType<typeof lockActiveCart>>>;
type CartLines = Awaited<ReturnType<typeof loadCheckoutLines>>;
type Profile = Awaited<ReturnType<typeof lockOrCreateProfile>>;
type Quote = ReturnType<typeof quoteCart>;
type Placed = Awaited<ReturnType<typeof insertOrder>>;

/** The provider of the payment method the shopper chose; 400 with a sentence when the shop takes none. */
function paymentProviderFor(
  payments: PaymentProviders,
  method: CheckoutBody["paymentMethod"],
): PaymentProvider {
  const provider = payments.get(method);
  if (provider) return provider;
  throw invalid(
    method === "stripe"
      ? "This shop does not take card payments yet. Choose another payment method."
      : `This shop does not take ${method} payments.`,
    "PAYMENT_METHOD_UNAVAILABLE",
  );
}

/**
 * Checkout in one transaction: re-price the cart, take the stock (never below zero), write the
 * order and its lines, convert the cart, complete the negotiation and update the profile.
 * A repeated Idempotency-Key answers the first order. An applied negotiated price that lapsed
 * (a price it was computed on moved, or it is older than appliedOfferTtlMinutes) is never
 * charged: it is voided and the checkout answers 409 with the cart's new total.
 */
export async function checkout(
  db: Db,
  who: AccountIdentity,
  idempotencyKey: string,
  body: CheckoutBody,
  options: CheckoutOptions,
): Promise<CheckoutAnswer> {
  const provider = paymentProviderFor(options.payments, body.paymentMethod);
  // Before the transaction, in one statement: the shop's terms (settings, tax choices, zones),
  // the running experiment and the merchants' addresses (for the new-order e-mail). None needs
  // a lock, and a read inside a read-committed transaction sees a merchant's change no more surely.
  // A cart filled before the experiment started (or by an agent) counts from here at the latest.
  const { terms, merchantEmails } = await loadCheckoutTerms(db, options.mail);
  const experimentRunning = await noteCartVisitor(db, who.id, terms.experiment);
  let placed: { order: Order; clientSecret: string | null } | Lapsed;
  try {
    placed = await inTurnPerProduct(db, (tx, wait) =>
      placeOrder(tx, { who, idempotencyKey, body, provider, options, wait, merchantEmails, terms }),
    );
  } catch (error) {
    const first =
      error instanceof AlreadyPlaced ? await answerFirstOrder(db, who, error, idempotencyKey, options) : null;
    if (first) return first;
    throw error;
  }
  if ("lapse" in placed) {
    throw conflict(appliedPriceLapseAtCheckout(placed.lapse, placed.total), "APPLIED_PRICE_LAPSED");
  }
  // No experiment ran a moment ago: none counts this order (no second look at the experiments).
  if (experimentRunning) await noteExperimentOrder(db, who.id);
  return { ...placed, created: true };
}

/** The transaction of a checkout, step by step; a lapsed applied price commits its voiding and answers it. */
async function placeOrder(
  tx: Tx,
  step: {
    who: AccountIdentity;
    idempotencyKey: string;
    body: CheckoutBody;
    provider: PaymentProvider;
    options: CheckoutOptions;
    /** Whether taking the stock queues for a product's row another transaction holds (else StockBusy). */
    wait: boolean;
    merchantEmails: string[]; // who hears of the new order, read before the transaction
    terms: ShopTerms; // the shop's settings, tax choices and zones, read before the transaction
  },
): Promise<{ order: Order; clientSecret: string | null } | Lapsed> {
  const { who, idempotencyKey, body, provider, options, wait, merchantEmails, terms } = step;
  const charged = shopCurrency(); // what this checkout prices in (refuseChangedCurrency)
  // One checkout per shopper at a time, on both databases: lock the profile row (made if missing).
  const profile = await lockOrCreateProfile(tx, who);
  const previous = await findOrderIdByKey(tx, who.id, idempotencyKey);
  if (previous) throw new AlreadyPlaced(previous);

  const { cart, lines } = await lockCartToCheckOut(tx, who.id, options.cartId);
  // Committed, not rolled back: the cart shows today's prices whatever the shopper does next.
  const lapse = await lapseAppliedPriceIfDue(tx, cart, lines, options.appliedOfferTtlMinutes);
  if (lapse) {
    const view = await cartView(tx, (await findCart(tx, cart.id)) ?? cart);
    return { lapse, total: view.summary.total };
  }

  const { address: shippingAddress, write: addressWrite } = await addressForCheckout(
    tx,
    who.id,
    body.address,
  );
  const { config } = terms;
  // The cart's discount code, re-checked with its row locked until the order commits (409 if refused).
  const code = await codeForCheckout(tx, {
    cartId: cart.id,
    userId: who.id,
    lines: codeLinesOf(lines),
    escalation: config.escalation_rules,
  });
  const rules = pricingRulesFrom(config.pricing);
  // The address's tax (its place's rates, or the shop's single rate), an input of the one quote.
  const tax = await cartTaxFor(tx, shippingAddress, rules.taxRateBasisPoints, terms.taxChoices);
  // Shipping by the shop's zones (the shopper's method), else its flat fee: one more input of the quote.
  const quote = await quoteAtAddress(tx, {
    lines,
    negotiatedDiscount: cart.negotiatedDiscount,
    rules,
    code: code?.quote ?? undefined,
    tax,
    address: shippingAddress,
    methodId: body.shippingMethodId,
    zones: terms.zones,
  });
  assertOrderableAmount(quote.total);
  // A line already short when the cart was read is refused at once, without queueing for its
  // variant's row: the losers of a race for a sold-out product do not wait behind its buyers.
  refuseShortLine(lines);
  // The products' and variants' rows are locked as late as the payment allows: a payment that
  // moves money at once (an agent's delegated card) is charged only once the stock is taken;
  // any other start moves none, so the stock is taken last, just before the commit, and a hot
  // product's row is held for one statement and the commit, not the whole checkout.
  const chargesAtOnce = Boolean(options.paymentToken);
  if (chargesAtOnce) await beforeChargingAtOnce(tx, lines, wait, charged);

  const { created, payment } = await startPaymentAndWriteOrder(tx, provider, {
    orderId: checkoutOrderId(who.id, idempotencyKey),
    paymentToken: options.paymentToken,
    who,
    cart,
    lines,
    quote,
    body,
    shippingAddress,
    idempotencyKey,
    mail: options.mail,
    mailTo: { shopper: profile?.email ?? who.email, merchants: merchantEmails },
    // The cart converted and the profile's totals counting the order: written with the order.
    // The address given in full marked used or saved: written with the order too.
    alsoWrites: [
      cartConvertedWrite(cart.id),
      profileTotalsWrite(who.id, profileTotals(profile, quote, config.tier_benefits.thresholds)),
      ...(addressWrite ? [addressWrite] : []),
    ],
  });
  refuseChangedCurrency(created.order.currency, charged);

  await redeemCartCode(tx, code, quote, { orderId: created.order.id, userId: who.id });
  await options.onPlaced?.(tx, { id: created.order.id, status: created.order.status });
  if (cart.appliedNegotiationId) await completeNegotiation(tx, cart.appliedNegotiationId);
  // Short now (another checkout took the last units meanwhile): the whole transaction rolls back.
  if (!chargesAtOnce) await takeCartStock(tx, lines, wait);
  return { order: orderAnswer(created, lines), clientSecret: payment.clientSecret };
}

/** The shopper's active cart, locked, with its lines: refused when none, another, empty, or holding a hidden product. */
async function lockCartToCheckOut(
  tx: Tx,
  userId: string,
  expectedCartId: string | undefined,
): Promise<{ cart: LockedCart; lines: CartLines }> {
  const cart = await lockActiveCart(tx, userId);
  if (cart?.status !== "active") throw invalid("No active cart found", "NO_ACTIVE_CART");
  if (expectedCartId !== undefined && cart.id !== expectedCartId)
    throw conflict("This cart was checked out elsewhere. Start a new checkout.", "CART_CONVERTED");
  const lines = await loadCheckoutLines(tx, cart.id);
  if (lines.length === 0) throw invalid("Cart is empty", "CART_EMPTY");
  // A product the merchant hid is no longer sold, even from a cart that held it before.
  const hidden = lines.find((l) => l.hidden);
  if (hidden) {
    throw conflict(
      `${hidden.product.name} is no longer sold. Remove it from your cart to check out.`,
      "PRODUCT_HIDDEN",
    );
  }
  return { cart, lines };
}

/**
 * 409 when the shop's currency changed while this checkout priced its cart in the process's (the
 * old one; only possible for the shop's first order): the order's insert read the setting after
 * the change committed. The whole transaction rolls back, nothing is recorded.
 */
function refuseChangedCurrency(recorded: string, charged: string): void {
  if (recorded !== charged)
    throw conflict(
      `The shop's prices are now in ${recorded}: look at your cart again before you check out.`,
      "CURRENCY_CHANGED",
    );
}

/**
 * Before a payment that moves money at once: the orders table is held against a currency change
 * (ROW EXCLUSIVE, as the insert would take it, so a change waits for this checkout) and the
 * currency checked now, not after the charge; then the stock is taken.
 */
async function beforeChargingAtOnce(tx: Tx, lines: CartLines, wait: boolean, charged: string): Promise<void> {
  refuseChangedCurrency(await lockOrdersForCharge(tx), charged);
  await takeCartStock(tx, lines, wait);
}

/** Refuses the first line whose variant, as the cart was read, holds fewer units than it buys. */
function refuseShortLine(lines: CartLines): void {
  const short = lines.find((l) => l.variant.stockLevel < l.item.quantity);
  if (short) throw insufficientStock(short);
}

/** Takes every line's units off its variant's shelf (never below zero), or refuses with what is left. */
async function takeCartStock(tx: Tx, lines: CartLines, wait: boolean): Promise<void> {
  const short = await shortLineAfterTaking(tx, lines, wait);
  if (short) throw insufficientStock(short);
}

/** 409 naming the line and what is left of it. */
function insufficientStock(short: CartLines[number]) {
  const left = short.variant.stockLevel;
  const name = lineName(short);
  return conflict(
    left <= 0 ? `${name} is out of stock.` : `Only ${left} of ${name} left in stock.`,
    "INSUFFICIENT_STOCK",
  );
}

/**
 * The provider hears of the order inside the transaction: if it fails, no order stands. Its
 * answer (status, payment state, reference) is written with the order, in one insert.
 */
async function startPaymentAndWriteOrder(
  tx: Tx,
  provider: PaymentProvider,
  w: Omit<Parameters<typeof writeOrder>[1], "payment"> & { paymentToken: string | undefined },
): Promise<{ created: Placed; payment: Awaited<ReturnType<PaymentProvider["start"]>> }> {
  const payment = await provider.start({
    id: w.orderId,
    total: w.quote.total,
    idempotencyKey: w.idempotencyKey,
    email: w.who.email,
    ...(w.paymentToken ? { paymentToken: w.paymentToken } : {}),
  });
  const { paymentToken: _token, ...order } = w;
  return { created: await writeOrder(tx, { ...order, payment }), payment };
}
/** Writes the order and its lines at the quoted prices, with the provider's answer. */
async function writeOrder(
  tx: Tx,
  w: {
    orderId: string;
    who: AccountIdentity;
    cart: LockedCart;
    lines: CartLines;
    quote: Quote;
    payment: Awaited<ReturnType<PaymentProvider["start"]>>;
    body: CheckoutBody;
    shippingAddress: Awaited<ReturnType<typeof addressForCheckout>>["address"];
    idempotencyKey: string;
    mail: MailSettings;
    /** Who hears of the order: the profile's address, else the account's; the merchants'. */
    mailTo: { shopper: string | null; merchants: string[] };
    /** The placing's other writes, run in the order's statement (insertOrder's `alsoWrites`). */
    alsoWrites: PlacingWrite[];
  },
): Promise<Placed> {
  const quoteLines = quoteLinesOf(w.lines);
  // E-mail when the order stands: now for manual payment, on the provider's word otherwise;
  // written with the order, sent after the commit (no mail server is reached here).
  const mails =
    w.payment.orderStatus === "confirmed"
      ? orderPlacedMails(w.mail, w.orderId, w.mailTo.shopper, w.mailTo.merchants)
      : [];
  let placed: Placed;
  try {
    placed = await insertOrder(
      tx,
      {
        id: w.orderId,
        userId: w.who.id,
        cartId: w.cart.id,
        negotiationId: w.cart.appliedNegotiationId,
        subtotal: w.quote.itemsTotal,
        discountApplied: w.quote.savings,
        extraDiscount: w.quote.discount,
        negotiatedDiscount: w.quote.negotiatedDiscount,
        discountCode: w.quote.code,
        codeDiscount: w.quote.codeDiscount,
        shipping: w.quote.shipping,
        shippingMethod: w.quote.shippingMethod,
        tax: w.quote.tax,
        taxIncluded: w.quote.taxIncluded,
        taxLabel: w.quote.taxLabel,
        shippingTax: w.quote.shippingTax,
        total: w.quote.total,
        status: w.payment.orderStatus,
        paymentStatus: w.payment.paymentStatus,
        paymentReference: w.payment.reference,
        paidAt: w.payment.paymentStatus === "paid" ? new Date() : null,
        paymentMethod: w.body.paymentMethod,
        shippingAddress: w.shippingAddress,
        idempotencyKey: w.idempotencyKey,
      },
      w.lines.map((line, i) => ({
        productId: line.product.id,
        variantId: line.variant.id,
        name: lineName(line),
        listPrice: line.variant.listPrice,
        unitPrice: chargedUnitPrice(quoteLines[i]!, w.quote),
        regularPrice: shopUnitPrice(quoteLines[i]!),
        quantity: line.item.quantity,
        amount: w.quote.lineTaxes[i]!.amount,
        tax: w.quote.lineTaxes[i]!.tax,
        taxRateMilliPercent: w.quote.lineTaxes[i]!.rateMilliPercent,
        position: i,
      })),
      mails.length > 0 ? [...w.alsoWrites, mailsWrite(w.mail, mails)] : w.alsoWrites,
    );
  } catch (error) {
    throw failed("Failed to create order", "ORDER_FAILED", { cause: error });
  }
  if (mails.length > 0) await wakeMailSenders(tx, w.mail, w.orderId);
  return placed;
}

/** The shopper's totals and loyalty tier counting the new order. */
function profileTotals(profile: Profile, quote: Quote, thresholds: Parameters<typeof loyaltyTierFor>[2]) {
  const ordersCount = (profile?.ordersCount ?? 0) + 1;
  const lifetimeValue = (profile?.lifetimeValue ?? 0) + quote.total;
  const totalSavings = (profile?.totalSavings ?? 0) + quote.savings;
  return {
    ordersCount,
    lifetimeValue,
    totalSavings,
    loyaltyTier: loyaltyTierFor(ordersCount, lifetimeValue, thresholds),
  };
}

/**
 * The answer is what was just written (no reading it back): each line with its product's
 * picture and address, and a timeline that is the placing alone.
 */
function orderAnswer(created: Placed, lines: CartLines): Order {
  const byVariant = new Map(lines.map((l) => [l.variant.id, l]));
  return toOrderDto(
    created.order,
    created.lines.map((line) => {
      const bought = line.variantId ? byVariant.get(line.variantId) : undefined;
      const imageUrl = bought ? bought.variant.imageUrl || bought.product.imageUrl : null;
      return { ...line, imageUrl, slug: bought?.product.slug ?? null };
    }),
    [],
  );
}

/** A repeated Idempotency-Key: the first order, with its payment handed over again while it waits. */
async function answerFirstOrder(
  db: Db,
  who: AccountIdentity,
  placed: AlreadyPlaced,
  idempotencyKey: string,
  options: CheckoutOptions,
): Promise<CheckoutAnswer | null> {
  const order = await loadOrder(db, who.id, placed.orderId);
  if (!order) return null;
  return {
    order,
    created: false,
    clientSecret: await resumePayment(options.payments, order, idempotencyKey, who.email),
  };
}
