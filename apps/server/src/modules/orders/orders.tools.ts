import { randomUUID } from "node:crypto";
import {
  type AgentOrder,
  EmptyInputSchema,
  GetOrderInputSchema,
  GetOrderOutputSchema,
  ListOrdersOutputSchema,
  StartCheckoutInputSchema,
  StartCheckoutOutputSchema,
} from "@haggle/contract/agents";
import type { Order } from "@haggle/contract/orders";
import { ACP_API_VERSION, type AcpAddress } from "@haggle/contract/acp";
import type { AddressInput } from "@haggle/contract/addresses";
import { conflict, DomainError, invalid, notFound } from "@haggle/domain/errors";
import { formatMoney, toDollars } from "@haggle/domain/pricing/money";
import { listAddressRows } from "../addresses/index.ts";
import {
  type AgentShopper,
  type AgentTool,
  defineTool,
  shopperOf,
  type ToolDeps,
} from "../../platform/agent-tools/agent-tool.ts";
import { loadCartLines, findActiveCart } from "../cart/index.ts";
import { checkout } from "./checkout.service.ts";
import { checkoutShippingOptions } from "./checkout-shipping.service.ts";
import type { Queryable } from "../../platform/db/client.ts";
import type { AccountIdentity } from "../accounts/index.ts";
import { type AcpDeps, acpMcpTools, createAcpSession } from "./acp/index.ts";
import { listOrders, loadOrder } from "./orders.service.ts";
import { findOrderIdByKey } from "./orders.store.ts";

/**
 * The rule ACP's Idempotency-Key follows: a key answers again only the request it was first
 * used for. A key that already placed an order replays it while the cart holds nothing new (a
 * retry after a lost answer); with a cart filled since, it is another request: refused (409), so
 * an agent never takes the old order for this cart's.
 */
async function assertKeyFitsCart(deps: ToolDeps, userId: string, idempotencyKey: string) {
  const previous = await findOrderIdByKey(deps.db, userId, idempotencyKey);
  if (!previous) return;
  const cart = await findActiveCart(deps.db, userId);
  if (cart && (await loadCartLines(deps.db, cart.id)).length > 0)
    throw conflict(
      "This idempotencyKey has already been used with a different request: it placed an earlier order, not this cart. Use a new idempotencyKey to order this cart.",
      "IDEMPOTENCY_CONFLICT",
    );
}

/** How many orders list_orders answers, newest first. */
const LISTED_ORDERS = 20;

function agentOrder(order: Order): AgentOrder {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    createdAt: order.createdAt,
    items: order.items.map((i) => ({
      name: i.name,
      quantity: i.quantity,
      unitPrice: toDollars(i.unitPrice),
    })),
    subtotal: toDollars(order.subtotal),
    discount: toDollars(order.negotiatedDiscount),
    shipping: toDollars(order.shipping),
    shippingMethod: order.shippingMethod,
    tax: toDollars(order.tax),
    total: toDollars(order.total),
    currency: order.currency,
  };
}

/** An address book row or a typed address as ACP's fulfillment_address. */
function acpAddress(a: {
  name: string;
  line1: string;
  line2?: string | null | undefined;
  city: string;
  region?: string | null | undefined;
  postalCode: string;
  country: string;
}): AcpAddress {
  return {
    name: a.name,
    line_one: a.line1,
    ...(a.line2 ? { line_two: a.line2 } : {}),
    city: a.city,
    state: a.region ?? "",
    country: a.country,
    postal_code: a.postalCode,
  };
}

/**
 * start_checkout in mode acp_session: an ACP checkout session for the cart as it stands (same
 * contents, so an applied negotiated price stays), shipped to the address given or last used.
 */
async function acpSessionForCart(
  deps: ToolDeps,
  who: AgentShopper,
  input: { address?: AddressInput | undefined; addressId?: string | undefined },
) {
  const cart = await findActiveCart(deps.db, who.id);
  const lines = cart ? await loadCartLines(deps.db, cart.id) : [];
  if (lines.length === 0) throw invalid("Cart is empty", "CART_EMPTY");
  const saved = await listAddressRows(deps.db, who.id);
  const row = input.addressId ? saved.find((a) => a.id === input.addressId) : saved[0];
  if (input.addressId && !row) throw notFound("You have no saved address with that id.");
  const address = input.address ? acpAddress(input.address) : row ? acpAddress(row) : undefined;
  const acpDeps: AcpDeps = {
    db: deps.db,
    payments: deps.payments,
    mail: deps.mail,
    appliedOfferTtlMinutes: deps.appliedOfferTtlMinutes,
    publicUrl: deps.publicUrl,
    webhooks: deps.acpWebhooks,
  };
  let session: Awaited<ReturnType<typeof createAcpSession>>;
  try {
    session = await createAcpSession(acpDeps, who, {
      items: lines.map(({ item }) => ({ id: item.productId, quantity: item.quantity })),
      ...(address ? { fulfillment_address: address } : {}),
    });
  } catch (error) {
    // The session's refusals (an unknown item, too few in stock, a cart just checked out) are the
    // tool's invalid input; only a failure of ours passes as it is.
    if (error instanceof DomainError && error.kind !== "failed") throw invalid(error.message, error.code);
    throw error;
  }
  const amount = (type: string) => toDollars(session.totals.find((t) => t.type === type)?.amount ?? 0);
  const checkoutSession = {
    id: session.id,
    status: session.status,
    sessionUrl: `${deps.publicUrl}/acp/checkout_sessions/${session.id}`,
    apiVersion: ACP_API_VERSION,
    subtotal: amount("subtotal"),
    discount: amount("discount"),
    shipping: amount("fulfillment"),
    tax: amount("tax"),
    total: amount("total"),
    currency: session.currency.toUpperCase(),
    missing: session.messages.filter((m) => m.type === "error").map((m) => m.content),
  };
  return {
    value: {
      status: "acp_session" as const,
      order: null,
      checkoutUrl: `${deps.publicUrl}/checkout`,
      checkoutSession,
    },
    summary: `ACP session ${session.id} ${session.status}, total ${formatMoney(session.totals.find((t) => t.type === "total")?.amount ?? 0)}`,
  };
}

/** The shipping methods serving the address, as start_checkout's mode shipping_options answers them. */
async function agentShippingOptions(
  db: Queryable,
  who: AccountIdentity,
  address: AddressInput | { addressId: string },
) {
  const answer = await checkoutShippingOptions(db, who, { address });
  const shippingOptions = answer.options.map((o) => ({
    methodId: o.methodId,
    name: o.name,
    shipping: toDollars(o.amount),
    total: toDollars(o.total),
    days: o.days,
  }));
  return {
    value: {
      status: "shipping_options" as const,
      order: null,
      checkoutUrl: null,
      checkoutSession: null,
      shippingOptions,
      unserved: answer.unserved,
    },
    summary:
      answer.unserved ??
      (answer.zones
        ? answer.options.map((o) => `${o.name} ${formatMoney(o.amount)}`).join(", ")
        : "one flat shipping fee"),
  };
}

/** Checkout and orders for agents: the web checkout's service, paid manually or by a human. */
export const orderTools: AgentTool[] = [
  defineTool({
    name: "start_checkout",
    title: "Check out",
    description:
      "Place the order for the cart at the server's prices (the negotiated discount included). mode place_order: pay on delivery or by bank transfer, shipped to addressId (a saved address), or address (a new one, saved), or else the shopper's last used address. mode link: nothing is placed; answers the checkout page's address for the human to pay. mode acp_session: opens an Agentic Commerce Protocol checkout session for the cart (its totals, what is missing, and the URL to complete it over ACP with the same API key). Give an idempotencyKey to retry safely (the same key answers the same order; a key that already ordered another cart is refused).",
    access: "shopper",
    readOnly: false,
    input: StartCheckoutInputSchema,
    output: StartCheckoutOutputSchema,
    handler: async (deps, shopper, input) => {
      const who = shopperOf(shopper);
      if (input.mode === "link") {
        const cart = await findActiveCart(deps.db, who.id);
        if (!cart || (await loadCartLines(deps.db, cart.id)).length === 0)
          throw invalid("Cart is empty", "CART_EMPTY");
        const checkoutUrl = `${deps.publicUrl}/checkout`;
        return {
          value: { status: "link" as const, order: null, checkoutUrl, checkoutSession: null },
          summary: checkoutUrl,
        };
      }
      if (input.address && input.addressId)
        throw invalid("Give either addressId or address, not both.", "ADDRESS_AMBIGUOUS");
      if (input.mode === "acp_session") return acpSessionForCart(deps, who, input);
      let address = input.address ?? (input.addressId ? { addressId: input.addressId } : null);
      if (!address) {
        const [saved] = await listAddressRows(deps.db, who.id);
        if (!saved)
          throw invalid(
            "The shopper has no saved address: give an address (name, line1, city, postalCode, country).",
            "ADDRESS_REQUIRED",
          );
        address = { addressId: saved.id };
      }
      if (input.mode === "shipping_options") return await agentShippingOptions(deps.db, who, address);
      if (input.idempotencyKey) await assertKeyFitsCart(deps, who.id, input.idempotencyKey);
      const { order } = await checkout(
        deps.db,
        who,
        input.idempotencyKey ?? `agent-${randomUUID()}`,
        {
          address,
          paymentMethod: "manual",
          ...(input.shippingMethodId ? { shippingMethodId: input.shippingMethodId } : {}),
        },
        { appliedOfferTtlMinutes: deps.appliedOfferTtlMinutes, payments: deps.payments, mail: deps.mail },
      );
      return {
        value: {
          status: "placed" as const,
          order: agentOrder(order),
          checkoutUrl: null,
          checkoutSession: null,
        },
        summary: `order ${order.number}, total ${formatMoney(order.total)}`,
      };
    },
  }),
  defineTool({
    name: "get_order",
    title: "Get an order",
    description: "One of the shopper's orders: status, payment, lines and totals in US dollars.",
    access: "shopper",
    readOnly: true,
    input: GetOrderInputSchema,
    output: GetOrderOutputSchema,
    handler: async (deps, shopper, input) => {
      const order = await loadOrder(deps.db, shopperOf(shopper).id, input.orderId);
      if (!order) throw notFound("Order not found");
      return { value: { order: agentOrder(order) }, summary: `order ${order.number} ${order.status}` };
    },
  }),
  defineTool({
    name: "list_orders",
    title: "List orders",
    description: `The shopper's ${LISTED_ORDERS} newest orders.`,
    access: "shopper",
    readOnly: true,
    input: EmptyInputSchema,
    output: ListOrdersOutputSchema,
    handler: async (deps, shopper) => {
      const orders = (await listOrders(deps.db, shopperOf(shopper).id)).slice(0, LISTED_ORDERS);
      return { value: { orders: orders.map(agentOrder) }, summary: `${orders.length} order(s)` };
    },
  }),
  ...acpMcpTools,
];
