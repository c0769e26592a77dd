/**
 * The admin module's front door: all that code outside the module (other modules, app.ts,
 * server-runtime.ts, cli/) may import of it. `npm run lint:deps` refuses an import past it.
 */
export { adminRoutes } from "./admin.routes.ts";
export { roleRoutes } from "./roles.routes.ts";
export {
  adminEmailVerified,
  isAdminEmail,
  isShopAdmin,
  newSetupCode,
  prepareAdminAccess,
  shopIsUnclaimed,
} from "./roles.service.ts";
export { seedCatalogue, seedIfEmpty } from "./seed.service.ts";
export type { SeedResult } from "./seed.service.ts";
export { announceSetupCode } from "./setup-code-banner.ts";
