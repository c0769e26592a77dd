/**
 * The accounts module's front door: all that code outside the module (other modules, app.ts,
 * server-runtime.ts, cli/) may import of it. `npm run lint:deps` refuses an import past it.
 */
export { apiKeysRead, profilesRead, usersRead } from "./read-views.store.ts";
export {
  anyAdminRole,
  auditConfiguredAdmin,
  createProfile,
  ensureProfile,
  findAccount,
  findAccountByEmail,
  findProfile,
  findProfiles,
  grantRole,
  hasRole,
  isEmailVerified,
  listMerchantEmails,
  merchantEmailsPart,
  listRoleAudit,
  listRoleHolders,
  loadRoleNames,
  lockOrCreateProfile,
  lockProfile,
  revokeDemoRoles,
  revokeRole,
  saveProfileTotals,
  profileTotalsWrite,
  unverifiedAccountEmails,
} from "./accounts.store.ts";
export type { AccountIdentity, ProfileRow, RoleActor, RoleName } from "./accounts.store.ts";
export {
  API_KEY_PREFIX,
  authenticateApiKey,
  countActiveKeys,
  findKeyByHash,
  hashApiKey,
  insertApiKey,
  listActiveKeys,
  revokeAllApiKeys,
  revokeApiKey,
} from "./api-keys.store.ts";
export type { ApiKeyRow } from "./api-keys.store.ts";
export {
  authenticateAccessToken,
  findOAuthClient,
  listConnectedAgents,
  revokeOAuthGrants,
} from "./oauth-grants.store.ts";
export type { AgentGrant, ConnectedAgent, TokenExpectation } from "./oauth-grants.store.ts";
export { authHandler } from "./auth.routes.ts";
export { meRoutes } from "./me.routes.ts";
