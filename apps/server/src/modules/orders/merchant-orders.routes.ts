import {
  MerchantOrderListSchema,
  MerchantOrderQuerySchema,
  MerchantOrderSchema,
  UpdateOrderStatusSchema,
} from "@haggle/contract/merchant";
import { z } from "zod";
import { type ApiRoute, defineRoute, pathId } from "../../http/route.ts";
import { advanceOrder, listMerchantOrders } from "./merchant-orders.service.ts";

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
];
