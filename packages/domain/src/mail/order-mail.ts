import { ASSISTANT_NAME } from "../assistant/assistant-name.ts";
import { orderNumber } from "../orders/order-number.ts";
import { returnedLineNote } from "../orders/refund.ts";
import { type Cents, formatMoney } from "../pricing/money.ts";
import { formatShopDate } from "../markets/shop-formats.ts";

/**
 * What each order e-mail says: the subject, the words, the lines and the
 * figures, built from the order as the server recorded it. Templates only lay this out (HTML in
 * the server, plain text here), so both parts of a message always show the same figures.
 */

export const ORDER_MAIL_KINDS = [
  "order-confirmation",
  "new-order",
  "order-shipped",
  "order-cancelled",
  "order-refunded",
] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/** Whether a stored message kind is one of the order e-mails (the outbox holds other mail too). */
export const isOrderMailKind = (kind: string): kind is OrderMailKind =>
  (ORDER_MAIL_KINDS as readonly string[]).includes(kind);

/** What an order e-mail is built from: the order's own figures, in cents. */
export interface OrderMailOrder {
  id: string;
  createdAt: Date;
  /** Each line at the shop's unit price (before Ava's discount), as the order page lists it. */
  lines: readonly { name: string; quantity: number; unitPrice: Cents; refundedQuantity?: number }[];
  /** How the order stands with its payment: given-back units read "refunded" once paid, else "cancelled". */
  paymentStatus?: string;
  /** The lines at the shop's prices, before Ava's discount. */
  subtotal: Cents;
  /** Ava's whole discount on the order (0 when there was none). */
  negotiatedDiscount: Cents;
  /** The discount code the order used, and what it took off the goods (0 for free shipping). */
  discountCode?: string | null;
  codeDiscount?: Cents;
  shipping: Cents;
  tax: Cents;
  /** Prices included the tax (it is in the total, not added); absent or false: added. */
  taxIncluded?: boolean;
  /** What the receipt calls the tax ("VAT", "Sales tax"); absent: "Tax". */
  taxLabel?: string;
  /** The shipping method chosen (shops with zones); null or absent under the flat fee. */
  shippingMethod?: string | null;
  total: Cents;
}

export interface OrderMailInput {
  order: OrderMailOrder;
  customer: { name: string; email: string };
  /** The shop's name, as the e-mail signs off. */
  shopName: string;
  /** Where the reader sees the order: the shopper's orders page, or the merchant's. */
  orderUrl: string;
  /** order-refunded: the amount given back (the whole total unless said). */
  refundAmount?: Cents;
  /** order-cancelled and order-refunded: why, in the merchant's or shopper's words, if given. */
  reason?: string;
}

export interface OrderMailLine {
  name: string;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
  /** "refunded", "1 refunded", "cancelled": what of the line was given back, in the refund and cancel e-mails. */
  note?: string;
}

export interface OrderMailFigure {
  label: string;
  value: string;
  /** The last, bold figure (the total, or the amount refunded). */
  emphasis?: boolean;
}

export interface OrderMail {
  kind: OrderMailKind;
  subject: string;
  /** The line mail apps show after the subject. */
  preview: string;
  heading: string;
  paragraphs: string[];
  /** "Order ORD-XXXXXXXX · placed on 2025-01-31" */
  orderLine: string;
  lines: OrderMailLine[];
  figures: OrderMailFigure[];
  action: { label: string; url: string };
  signOff: string;
}

/** Subjects and names come from shoppers and merchants: one line, no control characters. */
export function oneLine(text: string, max = 200): string {
  const flat = text.replace(/[\p{Cc}\s]+/gu, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function firstName(name: string): string {
  return oneLine(name).split(" ")[0] ?? "";
}

function hello(name: string): string {
  const first = firstName(name);
  return first ? `Hi ${first},` : "Hi,";
}

function shippingText(cents: Cents): string {
  return cents === 0 ? "Free" : formatMoney(cents);
}

/**
 * The order's lines: quantity, unit price at the shop's price and the line's total; with `notes`,
 * what of each line was given back.
 */
export function orderMailLines(order: OrderMailOrder, notes = false): OrderMailLine[] {
  return order.lines.map((line) => {
    const note = notes
      ? returnedLineNote(
          { quantity: line.quantity, refundedQuantity: line.refundedQuantity ?? 0 },
          order.paymentStatus ?? "paid",
        )
      : null;
    return {
      name: oneLine(line.name),
      quantity: line.quantity,
      unitPrice: formatMoney(line.unitPrice),
      lineTotal: formatMoney(line.unitPrice * line.quantity),
      ...(note ? { note } : {}),
    };
  });
}

/** The code's own line: what it took off, or that it shipped the order free. */
function codeFigures(order: OrderMailOrder): OrderMailFigure[] {
  if (!order.discountCode) return [];
  const off = order.codeDiscount ?? 0;
  return [{ label: `Code ${order.discountCode}`, value: off > 0 ? `−${formatMoney(off)}` : "Free shipping" }];
}

/** Subtotal, Ava's discount and the discount code as their own lines when there are, shipping, tax and total. */
export function orderMailFigures(order: OrderMailOrder): OrderMailFigure[] {
  return [
    { label: "Subtotal", value: formatMoney(order.subtotal) },
    ...(order.negotiatedDiscount > 0
      ? [{ label: `${ASSISTANT_NAME}'s discount`, value: `−${formatMoney(order.negotiatedDiscount)}` }]
      : []),
    ...codeFigures(order),
    {
      label: order.shippingMethod ? `Shipping (${oneLine(order.shippingMethod)})` : "Shipping",
      value: shippingText(order.shipping),
    },
    order.taxIncluded
      ? { label: `Includes ${order.taxLabel ?? "tax"}`, value: formatMoney(order.tax) }
      : { label: order.taxLabel ?? "Tax", value: formatMoney(order.tax) },
    { label: "Total", value: formatMoney(order.total), emphasis: true },
  ];
}

/** The order's day as the shop writes dates ("November 29, 2026"; "29. November 2026" in de-DE), in UTC. */
function placedOn(date: Date): string {
  return formatShopDate(date, "long", "UTC");
}

/** The words of one kind of order e-mail. */
export function buildOrderMail(kind: OrderMailKind, input: OrderMailInput): OrderMail {
  const { order, customer, shopName } = input;
  const number = orderNumber(order.id);
  const total = formatMoney(order.total);
  const reason = input.reason ? oneLine(input.reason, 500) : "";
  const base = {
    kind,
    orderLine: `Order ${number} · placed on ${placedOn(order.createdAt)}`,
    lines: orderMailLines(order, kind === "order-refunded" || kind === "order-cancelled"),
    figures: orderMailFigures(order),
    signOff: `— ${shopName}`,
  };
  switch (kind) {
    case "order-confirmation":
      return {
        ...base,
        subject: `Your ${shopName} order ${number} is confirmed`,
        preview: `Thank you for your order: ${total}.`,
        heading: "Thank you for your order",
        paragraphs: [
          hello(customer.name),
          `We have your order ${number} and are getting it ready. We will e-mail you again when it ships.`,
        ],
        action: { label: "View your order", url: input.orderUrl },
      };
    case "new-order": {
      const who = oneLine(customer.name) || oneLine(customer.email);
      return {
        ...base,
        subject: oneLine(`New order ${number}: ${total} from ${who}`),
        preview: `${order.lines.length === 1 ? "1 line" : `${order.lines.length} lines`}, ${total}.`,
        heading: `New order ${number}`,
        paragraphs: [
          `${who}${customer.email && who !== customer.email ? ` (${oneLine(customer.email)})` : ""} placed an order of ${total}.`,
        ],
        action: { label: "Open the orders page", url: input.orderUrl },
      };
    }
    case "order-shipped":
      return {
        ...base,
        subject: `Your ${shopName} order ${number} has shipped`,
        preview: `Your order ${number} is on its way.`,
        heading: "Your order is on its way",
        paragraphs: [hello(customer.name), `Good news: your order ${number} has shipped.`],
        action: { label: "View your order", url: input.orderUrl },
      };
    case "order-cancelled":
      return {
        ...base,
        subject: `Your ${shopName} order ${number} was cancelled`,
        preview: `Order ${number} was cancelled.`,
        heading: "Your order was cancelled",
        paragraphs: [
          hello(customer.name),
          `Your order ${number} was cancelled and will not be shipped.`,
          ...(reason ? [`Reason: ${reason}`] : []),
          "If you were charged, the payment is given back to the way you paid.",
        ],
        action: { label: "View your orders", url: input.orderUrl },
      };
    case "order-refunded": {
      const amount = input.refundAmount ?? order.total;
      const refunded = formatMoney(amount);
      return {
        ...base,
        subject: `Your ${shopName} refund of ${refunded} for order ${number}`,
        preview: `We refunded ${refunded} for order ${number}.`,
        heading: "Your refund is on its way",
        paragraphs: [
          hello(customer.name),
          amount >= order.total
            ? `We refunded your order ${number} in full: ${refunded}.`
            : `We refunded ${refunded} of your order ${number} (${total}).`,
          ...(reason ? [`Reason: ${reason}`] : []),
          "It goes back to the way you paid; your bank may take a few days to show it.",
        ],
        figures: [...base.figures, { label: "Refunded", value: refunded, emphasis: true }],
        action: { label: "View your orders", url: input.orderUrl },
      };
    }
  }
}

/** The plain-text part: the same words and figures as the HTML, in columns that read in any mail app. */
export function orderMailText(mail: OrderMail): string {
  const out: string[] = [mail.heading, "", ...mail.paragraphs.flatMap((p) => [p, ""]), mail.orderLine, ""];
  for (const line of mail.lines) {
    out.push(
      `${line.quantity} × ${line.name}${line.note ? ` (${line.note})` : ""}`,
      `    ${line.unitPrice} each = ${line.lineTotal}`,
    );
  }
  out.push("");
  const width = Math.max(...mail.figures.map((f) => f.label.length)) + 2;
  for (const figure of mail.figures) out.push(`${`${figure.label}:`.padEnd(width)}${figure.value}`);
  out.push("", `${mail.action.label}: ${mail.action.url}`, "", mail.signOff, "");
  return out.join("\n");
}
