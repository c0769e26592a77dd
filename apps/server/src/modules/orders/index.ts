/**
 * The orders module's front door: all that code outside the module (other modules, app.ts,
 * server-runtime.ts, cli/) may import of it. `npm run lint:deps` refuses an import past it.
 */
export { pruneIdempotencyKeys, sendAcpWebhooks } from "./acp/index.ts";
export { acpNoSuchPath, acpRoutes } from "./acp/acp.routes.ts";
export { ucpNoSuchPath, ucpRoutes } from "./ucp/ucp.routes.ts";
export { merchantOrderRoutes } from "./merchant-orders.routes.ts";
export { enqueueOrderPlacedMail } from "./order-mail.store.ts";
export {
  lockOrderAwaitingPaymentSince,
  lockOrderByPayment,
  markLatePaymentRefunded,
  markUnpaidOrderCancelled,
} from "./order-payments.store.ts";
export type { OrderMailExtra } from "./order-mail.store.ts";
export { orderRoutes } from "./orders.routes.ts";
export { findCustomerOrder, loadOrderLines, recordOrderEvent, setOrderPaid } from "./orders.store.ts";
export type { OrderRow } from "./orders.store.ts";
export { orderTools } from "./orders.tools.ts";
export { codeUsesSince, hasAnyOrderLocked, orderTotalsByDay, totalRevenue } from "./order-figures.store.ts";
export { holdoutVisitorOrders } from "./holdout-orders.store.ts";
