/**
 * The policies module's front door: the shop's shipping, returns, warranty and FAQ pages.
 * `npm run lint:deps` refuses an import past it.
 */
export { policyRoutes } from "./policies.routes.ts";
export { findPolicyPage, listPolicies, searchPolicies } from "./policies.service.ts";
export { policyTools } from "./policies.tools.ts";
