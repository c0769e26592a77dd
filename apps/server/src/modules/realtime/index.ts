/**
 * The realtime module's front door: all that code outside the module (other modules, app.ts,
 * server-runtime.ts, cli/) may import of it. `npm run lint:deps` refuses an import past it.
 * The event bus and the stream slots it serves from are platform/realtime's.
 */
export { realtimeRoutes } from "./realtime.routes.ts";
