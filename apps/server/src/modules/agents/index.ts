/**
 * The agents module's front door: all that code outside the module (other modules, app.ts,
 * server-runtime.ts, cli/) may import of it. `npm run lint:deps` refuses an import past it.
 */
export { agentRoutes, mcpNotPost, mcpRoutes } from "./agents.routes.ts";
export { oauthRoutes } from "./oauth.routes.ts";
