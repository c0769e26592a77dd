import {
  CheckoutAnswerSchema,
  CheckoutBodySchema,
  CheckoutOptionsSchema,
  IDEMPOTENCY_KEY_PATTERN,
  OrderListSchema,
  OrderSchema,
  paymentMethodOption,
} from "@haggle/contract/orders";
import { notFound } from "@haggle/domain/errors";
import { z } from "@hono/zod-openapi";
import { SpecShippingOptionsQuerySchema, SpecShippingOptionsSchema } from "@haggle/contract/shop";
import { type ApiRoute, defineRoute, pathId } from "../../http/route.ts";
import { browserPayment } from "../../platform/payments/browser-payment.ts";
import { ShippingOptionsBodySchema, ShippingOptionsSchema } from "@haggle/contract/shipping";
import { checkout } from "./checkout.service.ts";
import { checkoutShippingOptions, specShippingOptions } from "./checkout-shipping.service.ts";
import { listOrders, loadOrder } from "./orders.service.ts";
import { cancelOrder } from "./refunds.service.ts";

const NO_ORDER = "Order not found";

const IdempotencyKeyHeaders = z.object({
  "idempotency-key": z
    .custom<string>((key) => typeof key === "string" && IDEMPOTENCY_KEY_PATTERN.test(key), {
      error: "An Idempotency-Key header of 8 to 128 letters, digits, '-' or '_' is required.",
      params: { code: "IDEMPOTENCY_KEY_REQUIRED" },
    })
    .openapi({ type: "string", pattern: IDEMPOTENCY_KEY_PATTERN.source }),
});

export const orderRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/checkout/options",
    summary: "The payment methods this shop takes, the default first",
    tag: "Orders",
    access: "signed-in",
    response: CheckoutOptionsSchema,
    handler: (c) => ({
      paymentMethods: [...c.get("deps").payments.values()].map((p) =>
        paymentMethodOption(p.method, p.publishableKey),
      ),
    }),
  }),
  defineRoute({
    method: "post",
    path: "/api/checkout/shipping-options",
    summary:
      "The cart's shipping methods for an address (body {address}), cheapest first with delivery estimates, each priced by the cart's own quote; `unserved` carries the sentence for an address no zone serves (\"We don't ship to JP yet.\"); `zones` false when the shop charges its flat fee. Nothing is saved",
    tag: "Orders",
    access: "signed-in",
    body: ShippingOptionsBodySchema,
    response: ShippingOptionsSchema,
    handler: async (c, { user, body }) =>
      await checkoutShippingOptions(c.get("deps").database.db, user, body),
  }),
  defineRoute({
    method: "get",
    path: "/api/checkout/shipping-options",
    summary:
      "The cart's shipping methods at a saved address (?addressId=) or a place (?country=&region=&postalCode=; region as US-CA or CA): [{id, name, price, deliveryDays: {min, max}}], cheapest first; [] when no zone serves it (the checkout refuses it with a sentence) or the shop charges its flat fee. Nothing is saved",
    tag: "Orders",
    access: "signed-in",
    query: SpecShippingOptionsQuerySchema,
    response: SpecShippingOptionsSchema,
    handler: async (c, { user, query }) => await specShippingOptions(c.get("deps").database.db, user, query),
  }),
  defineRoute({
    method: "post",
    path: "/api/checkout",
    summary:
      "Place the order in one transaction: body {address: Address | {addressId}, paymentMethod, shippingMethodId?}, never an amount. With shipping zones, the chosen method (none: the cheapest) is charged and recorded; an address no zone serves is refused (400 SHIPPING_UNSERVED) with its sentence. With Stripe the order is pending and `payment` carries the PaymentIntent's client secret and the publishable key for the Payment Element (manual: no payment). Header Idempotency-Key required; the same key answers the first order (200). 409 APPLIED_PRICE_LAPSED when Ava's applied discount lapsed (a price changed, or it expired): it is voided and nothing is charged",
    tag: "Orders",
    access: "signed-in",
    headers: IdempotencyKeyHeaders,
    body: CheckoutBodySchema,
    status: 201,
    response: CheckoutAnswerSchema,
    failure: { code: "CHECKOUT_FAILED", message: "Something went wrong during checkout" },
    handler: async (c, { user, headers, body }) => {
      const { database, config, payments, mail } = c.get("deps");
      const { order, created, clientSecret } = await checkout(
        database.db,
        user,
        headers["idempotency-key"],
        body,
        { appliedOfferTtlMinutes: config.appliedOfferTtlMinutes, payments, mail },
      );
      // A replayed key answers the first order with 200 (the declared status is the first time's).
      if (!created) c.status(200);
      const payment = browserPayment(payments, order, clientSecret);
      return payment ? { ...order, payment } : order;
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/orders",
    summary: "The shopper's orders, newest first",
    tag: "Orders",
    access: "signed-in",
    response: OrderListSchema,
    handler: async (c, { user }) => await listOrders(c.get("deps").database.db, user.id),
  }),
  defineRoute({
    method: "get",
    path: "/api/orders/{id}",
    summary: "One of the shopper's orders (another shopper's answers 404)",
    tag: "Orders",
    access: "owner",
    params: z.object({ id: pathId(NO_ORDER) }),
    response: OrderSchema,
    handler: async (c, { user, params }) => {
      const order = await loadOrder(c.get("deps").database.db, user.id, params.id);
      if (!order) throw notFound(NO_ORDER);
      return order;
    },
  }),
  defineRoute({
    method: "post",
    path: "/api/orders/{id}/cancel",
    summary:
      "Cancel one of the shopper's orders before it ships: what was paid is refunded, the stock returns (409 once shipped or already cancelled)",
    tag: "Orders",
    access: "owner",
    params: z.object({ id: pathId(NO_ORDER) }),
    response: OrderSchema,
    handler: async (c, { user, params }) => {
      const { database, payments, mail } = c.get("deps");
      await cancelOrder(database.db, { payments, mail }, params.id, { shopperId: user.id });
      const order = await loadOrder(database.db, user.id, params.id);
      if (!order) throw notFound(NO_ORDER);
      return order;
    },
  }),
];
