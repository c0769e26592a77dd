/**
 * The cart module's front door: all that code outside the module (other modules, app.ts,
 * server-runtime.ts, cli/) may import of it. `npm run lint:deps` refuses an import past it.
 */
import { provideVariantsInCarts } from "../catalog/index.ts";
import { variantsInCarts } from "./variants-in-carts.store.ts";

provideVariantsInCarts(variantsInCarts);

export {
  lapseAppliedPriceIfDue,
  lockCartsNegotiatedOn,
  voidStaleOffersOnPriceChange,
} from "./applied-price.store.ts";
export { provideCartOffers } from "./offers-port.store.ts";
export type { CartOffers } from "./offers-port.store.ts";
export { cartFingerprint, offerDto, offerTermsOf } from "./cart-offers.store.ts";
export { cartView } from "./cart-view.store.ts";
export { cartItemsRead, cartsRead } from "./read-views.store.ts";
export { cartRoutes } from "./cart.routes.ts";
export {
  applyNegotiatedDiscount,
  cartConvertedWrite,
  codeLinesOf,
  deleteCartItem,
  ensureActiveCart,
  findActiveCart,
  findCart,
  insertCartItem,
  lineName,
  loadCartItems,
  loadCartLines,
  loadCheckoutLines,
  lockActiveCart,
  lockCart,
  quoteLinesOf,
  cartWeightOf,
  updateCartItemQuantity,
  voidNegotiatedPrices,
  writeNegotiatedOnPrice,
  writePriceSnapshot,
} from "./cart.store.ts";
export type { CartLine, CartRow, LineVariant } from "./cart.store.ts";
export { loadShopTerms, shopTermsPart } from "./shop-terms.store.ts";
export type { ShopTerms } from "./shop-terms.store.ts";
export { agentCart, agentOffer, cartTools } from "./cart.tools.ts";
