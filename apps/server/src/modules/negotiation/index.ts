/**
 * The negotiation module's front door: all that code outside the module (other modules, app.ts,
 * server-runtime.ts, cli/) may import of it. `npm run lint:deps` refuses an import past it.
 */
export { negotiationRoutes } from "./negotiation.routes.ts";
export { negotiationTools } from "./negotiation.tools.ts";
export { completeNegotiationWithOrder } from "./negotiation.store.ts";
export {
  countActiveNegotiations,
  countEscalationsSince,
  countNegotiationsTalkedIn,
  countPendingApprovals,
  dealsSince,
  negotiationsByChannelSince,
} from "./negotiation-figures.store.ts";
