/**
 * The merchant module's front door: all that code outside the module (other modules, app.ts,
 * server-runtime.ts, cli/) may import of it. `npm run lint:deps` refuses an import past it.
 */
export { merchantCatalogRoutes } from "./merchant-catalog.routes.ts";
export { merchantRoutes } from "./merchant.routes.ts";
export { shopRoutes } from "./shop.routes.ts";
