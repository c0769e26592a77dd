/**
 * The discounts module's front door: the merchant's discount codes, the code on a cart, and the
 * checkout's redemption. `npm run lint:deps` refuses an import past it.
 */
export { discountRoutes } from "./discounts.routes.ts";
export {
  codeForCheckout,
  codeOnCart,
  enterCartCode,
  redeemCartCode,
  removeCartCode,
} from "./discounts.service.ts";
export type { CartCode, CartCodeInput } from "./discounts.service.ts";
