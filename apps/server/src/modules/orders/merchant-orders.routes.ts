import {
  MerchantOrderListSchema,
  MerchantOrderQuerySchema,
  MerchantOrderSchema,
  UpdateOrderStatusSchema,
} from "@haggle/contract/merchant";
import { z } from "zod";
import { type ApiRoute, defineRoute, pathId } from "../../http/route.ts";
import { RefundBodySchema } from "@haggle/contract/orders";
import {
  advanceOrder,
  listMerchantOrders,
  markOrderPaid,
  merchantOrderIn,
} from "./merchant-orders.service.ts";
import { cancelOrder, refundOrder } from "./refunds.service.ts";

/** Every shopper's orders, as the merchant fulfils them. */
export const merchantOrderRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/merchant/orders",
    summary: "Every shopper's orders, newest first, with the customer (?status=&page=&pageSize=)",
    tag: "Merchant",
    access: "merchant",
    query: MerchantOrderQuerySchema,
    response: MerchantOrderListSchema,
    handler: async (c, { query }) => await listMerchantOrders(c.get("deps").database.db, query),
  }),
  defineRoute({
    method: "patch",
    path: "/api/merchant/orders/{id}",
    summary:
      "Move an order forward (processing, shipped, delivered; 409 to stay or go back); the shopper hears order.updated",
    tag: "Merchant",
    access: "merchant",
    params: z.object({ id: pathId("No order has that id.") }),
    body: UpdateOrderStatusSchema,
    response: MerchantOrderSchema,
    handler: async (c, { params, body }) =>
      await advanceOrder(c.get("deps").database.db, params.id, body.status, c.get("deps").mail),
  }),
  defineRoute({
    method: "post",
    path: "/api/merchant/orders/{id}/mark-paid",
    summary:
      "Record that a manually paid order's money arrived (409 when already paid, cancelled or refunded); the shopper hears order.updated",
    tag: "Merchant",
    access: "merchant",
    params: z.object({ id: pathId("No order has that id.") }),
    response: MerchantOrderSchema,
    handler: async (c, { params }) => await markOrderPaid(c.get("deps").database.db, params.id),
  }),
  defineRoute({
    method: "post",
    path: "/api/merchant/orders/{id}/cancel",
    summary:
      "Call an order off at any stage: what was paid is refunded (manual: recorded), every unit not given back returns to stock; 409 when already cancelled or refunded",
    tag: "Merchant",
    access: "merchant",
    params: z.object({ id: pathId("No order has that id.") }),
    response: MerchantOrderSchema,
    handler: async (c, { params }) => {
      const { database, payments, mail } = c.get("deps");
      await cancelOrder(database.db, { payments, mail }, params.id, "merchant");
      return merchantOrderIn(database.db, params.id);
    },
  }),
  defineRoute({
    method: "post",
    path: "/api/merchant/orders/{id}/refund",
    summary:
      "Refund a paid order: {lines: [{orderItemId, quantity}]} gives back those units, no lines everything left; the money is each unit's share of what was paid (shipping with the last refund); stock returns",
    tag: "Merchant",
    access: "merchant",
    params: z.object({ id: pathId("No order has that id.") }),
    body: RefundBodySchema,
    response: MerchantOrderSchema,
    handler: async (c, { params, body }) => {
      const { database, payments, mail } = c.get("deps");
      await refundOrder(database.db, { payments, mail }, params.id, body.lines);
      return merchantOrderIn(database.db, params.id);
    },
  }),
];
