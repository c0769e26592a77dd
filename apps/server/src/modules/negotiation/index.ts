/**
 * The negotiation module's front door: all that code outside the module (other modules, app.ts,
 * server-runtime.ts, cli/) may import of it. `npm run lint:deps` refuses an import past it.
 */
import { provideCartOffers } from "../cart/index.ts";
import { offersForCarts } from "./offers-for-carts.store.ts";

// The cart voids and shows the offers bound to it through these (the cart sits below this module).
provideCartOffers(offersForCarts);

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
