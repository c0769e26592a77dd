import { ClaimAgentCartSchema } from "@haggle/contract/agents";
import { AddCartItemSchema, CartSchema, MergeCartSchema, UpdateCartItemSchema } from "@haggle/contract/cart";
import { z } from "zod";
import { type ApiRoute, defineRoute, pathId } from "../../http/route.ts";
import type { Db } from "../../platform/db/client.ts";
import { noteCartVisitor } from "../experiments/index.ts";
import { claimAgentCart } from "./agent-cart.service.ts";
import { CODE_TRIES } from "./code-tries.ts";
import { activeCartWithOffer } from "./cart-with-offer.service.ts";
import { experimentSeenWith } from "./cart-view.store.ts";
import { EnterDiscountCodeSchema } from "@haggle/contract/discounts";
import { perCallerAndAddress } from "../../http/rate-limit-guard.ts";
import {
  addCartItem,
  clearCart,
  enterDiscountCode,
  mergeCart,
  removeCartItem,
  removeDiscountCode,
  setCartItemQuantity,
} from "./cart.service.ts";

/**
 * A cart that holds something makes its shopper a visitor with a cart of a running holdout
 * experiment (the one read with the cart's view when it was, else read now).
 */
async function noted<T extends { items: unknown[] }>(db: Db, userId: string, cart: T): Promise<T> {
  if (cart.items.length > 0) await noteCartVisitor(db, userId, experimentSeenWith(cart));
  return cart;
}

const ItemParams = z.object({ itemId: pathId("That item is not in your cart.") });

const codeRateLimit = perCallerAndAddress(CODE_TRIES.name, () => CODE_TRIES.limits, CODE_TRIES.message);

export const cartRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/cart",
    summary:
      "The active cart (created if none), priced by the one pricing rule; an applied negotiated price that lapsed is voided first and discountNotice says why",
    tag: "Cart",
    access: "signed-in",
    response: CartSchema,
    handler: async (c, { user }) => {
      const { database, config } = c.get("deps");
      return await activeCartWithOffer(database.db, user.id, {
        appliedOfferTtlMinutes: config.appliedOfferTtlMinutes,
      });
    },
  }),
  defineRoute({
    method: "post",
    path: "/api/cart/items",
    summary:
      "Add a variant of a product (an existing line of that variant grows). A product with options needs its variantId (400 without one, or with another product's); a product without options may leave it out (its default variant). 409 when the variant is out of stock",
    tag: "Cart",
    access: "signed-in",
    body: AddCartItemSchema,
    response: CartSchema,
    handler: async (c, { user, body }) => {
      const { db } = c.get("deps").database;
      return await noted(db, user.id, await addCartItem(db, user.id, body));
    },
  }),
  defineRoute({
    method: "patch",
    path: "/api/cart/items/{itemId}",
    summary: "Set a line's quantity (0 or less removes it)",
    tag: "Cart",
    access: "owner",
    params: ItemParams,
    body: UpdateCartItemSchema,
    response: CartSchema,
    handler: async (c, { user, params, body }) =>
      await setCartItemQuantity(c.get("deps").database.db, user.id, params.itemId, body.quantity),
  }),
  defineRoute({
    method: "delete",
    path: "/api/cart/items/{itemId}",
    summary: "Remove a line",
    tag: "Cart",
    access: "owner",
    params: ItemParams,
    response: CartSchema,
    handler: async (c, { user, params }) =>
      await removeCartItem(c.get("deps").database.db, user.id, params.itemId),
  }),
  defineRoute({
    method: "put",
    path: "/api/cart/discount-code",
    summary:
      "Enter a discount code on the cart (one per cart; it replaces the one there). A code the shop does not know is refused (400); a known one is kept and the cart's discountCode shows what it takes off or the sentence saying why it does not apply now (expired, not started, used up, below the minimum, not for these products). Limited to 10 tries a minute per shopper (429)",
    tag: "Cart",
    access: "signed-in",
    before: codeRateLimit,
    body: EnterDiscountCodeSchema,
    response: CartSchema,
    handler: async (c, { user, body }) =>
      await enterDiscountCode(c.get("deps").database.db, user.id, body.code),
  }),
  defineRoute({
    method: "post",
    path: "/api/cart/discount-code",
    summary:
      "The API spec's name for PUT /api/cart/discount-code (body {code}): the same answer, checks and limit of 10 tries a minute per shopper",
    tag: "Cart",
    access: "signed-in",
    before: codeRateLimit,
    body: EnterDiscountCodeSchema,
    response: CartSchema,
    handler: async (c, { user, body }) =>
      await enterDiscountCode(c.get("deps").database.db, user.id, body.code),
  }),
  defineRoute({
    method: "delete",
    path: "/api/cart/discount-code",
    summary: "Remove the discount code from the cart",
    tag: "Cart",
    access: "signed-in",
    response: CartSchema,
    handler: async (c, { user }) => await removeDiscountCode(c.get("deps").database.db, user.id),
  }),
  defineRoute({
    method: "delete",
    path: "/api/cart",
    summary: "Clear the cart",
    tag: "Cart",
    access: "signed-in",
    response: CartSchema,
    handler: async (c, { user }) => await clearCart(c.get("deps").database.db, user.id),
  }),
  defineRoute({
    method: "post",
    path: "/api/cart/merge",
    summary:
      "Merge the anonymous cart on sign-in (lines by variant: quantities add, capped at stock; a product with options saved without its variantId is skipped with a notice; all or nothing)",
    tag: "Cart",
    access: "signed-in",
    body: MergeCartSchema,
    response: CartSchema,
    // Signing in merges the anonymous cart: this is where an anonymous shopper is assigned.
    handler: async (c, { user, body }) => {
      const { db } = c.get("deps").database;
      return await noted(db, user.id, await mergeCart(db, user.id, body.items));
    },
  }),
  defineRoute({
    method: "post",
    path: "/api/cart/agent-cart",
    summary:
      "Claim the cart an agent filled without an account (its checkout link's token): its lines merge into the shopper's cart as the anonymous cart's do on sign-in, and the agent's cart ends. Claiming it again as the same shopper answers the cart; 404 for an unknown or expired link, 409 when another account claimed it",
    tag: "Cart",
    access: "signed-in",
    body: ClaimAgentCartSchema,
    response: CartSchema,
    handler: async (c, { user, body }) => {
      const { database, config } = c.get("deps");
      const cart = await claimAgentCart(database.db, user.id, body.token, {
        appliedOfferTtlMinutes: config.appliedOfferTtlMinutes,
      });
      return await noted(database.db, user.id, cart);
    },
  }),
];
