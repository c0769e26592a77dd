/**
 * The shipping module's front door: the shop's zones and methods (Settings → Shipping), and how a
 * cart ships to an address by them. `npm run lint:deps` refuses an import past it.
 */
export { shippingRoutes } from "./shipping.routes.ts";
export { shippingForCart, shippingForShopper } from "./shipping.service.ts";
export { loadZones, zonesPart } from "./shipping.store.ts";
