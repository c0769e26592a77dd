/**
 * The addresses module's front door: all that code outside the module (other modules, app.ts,
 * server-runtime.ts, cli/) may import of it. `npm run lint:deps` refuses an import past it.
 */
export { addressRoutes } from "./addresses.routes.ts";
export { addressForCheckout, addressForQuote, listAddressRows } from "./addresses.store.ts";
