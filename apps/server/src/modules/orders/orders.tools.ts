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
import { invalid, notFound } from "@haggle/domain/errors";
import { formatUsd, toDollars } from "@haggle/domain/pricing/money";
import { listAddressRows } from "../addresses/addresses.store.ts";
import { type AgentTool, defineTool, shopperOf } from "../agents/agent-tool.ts";
import { loadCartLines, findActiveCart } from "../cart/cart.store.ts";
import { checkout } from "./checkout.service.ts";
import { listOrders, loadOrder } from "./orders.service.ts";

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
    tax: toDollars(order.tax),
    total: toDollars(order.total),
  };
}

/** Checkout and orders for agents: the web checkout's service, paid manually or by a human. */
export const orderTools: AgentTool[] = [
  defineTool({
    name: "start_checkout",
    title: "Check out",
    description:
      "Place the order for the cart at the server's prices (the negotiated discount included). mode place_order: pay on delivery or by bank transfer, shipped to addressId (a saved address), or address (a new one, saved), or else the shopper's last used address. mode link: nothing is placed; answers the checkout page's address for the human to pay. Give an idempotencyKey to retry safely.",
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
        return { value: { status: "link" as const, order: null, checkoutUrl }, summary: checkoutUrl };
      }
      if (input.address && input.addressId)
        throw invalid("Give either addressId or address, not both.", "ADDRESS_AMBIGUOUS");
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
      const { order } = await checkout(
        deps.db,
        who,
        input.idempotencyKey ?? `agent-${randomUUID()}`,
        { address, paymentMethod: "manual" },
        { appliedOfferTtlMinutes: deps.appliedOfferTtlMinutes, payments: deps.payments, mail: deps.mail },
      );
      return {
        value: { status: "placed" as const, order: agentOrder(order), checkoutUrl: null },
        summary: `order ${order.number}, total ${formatUsd(order.total)}`,
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
];
