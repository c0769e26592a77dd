import {
  type AgentCart,
  ApplyDiscountCodeInputSchema,
  CartToolOutputSchema,
  GetCartInputSchema,
  UpdateCartInputSchema,
} from "@haggle/contract/agents";
import type { Cart, Offer } from "@haggle/contract/cart";
import { invalid, limitReached, notFound } from "@haggle/domain/errors";
import { formatMoney, toDollars } from "@haggle/domain/pricing/money";
import {
  type AgentTool,
  defineTool,
  shopperOf,
  type ToolDeps,
} from "../../platform/agent-tools/agent-tool.ts";
import { type AnonymousAgentCart, changeAgentCart, readAgentCart } from "./agent-cart.service.ts";
import { activeCartWithOffer } from "./cart-with-offer.service.ts";
import { countTry } from "../../platform/rate-limit.ts";
import { addCartItem, enterDiscountCode, removeDiscountCode, setCartItemQuantity } from "./cart.service.ts";
import { CODE_TRIES } from "./code-tries.ts";

/** An offer as an agent reads it (dollars). */
export function agentOffer(offer: Offer) {
  return {
    discountPercent: offer.discountPercent,
    discountAmount: toDollars(offer.discountAmount),
    expiresAt: offer.expiresAt,
    status: offer.status,
  };
}

/** Enters the shopper's code ("" removes it), counted with the cart page's tries (10 a minute). */
async function applyCode(deps: Pick<ToolDeps, "db" | "ip">, shopperId: string, code: string): Promise<void> {
  const wait = await countTry(
    deps.db,
    CODE_TRIES.name,
    { caller: shopperId, ip: deps.ip },
    CODE_TRIES.limits,
  );
  if (wait > 0) throw limitReached(CODE_TRIES.message);
  if (code === "") await removeDiscountCode(deps.db, shopperId);
  else await enterDiscountCode(deps.db, shopperId, code);
}

/**
 * The cart as an agent reads it: lines at the shop's price (adding up to the subtotal), what a
 * unit costs once Ava's discount is counted, the pricing rule's totals, the offer bound to it.
 */
export function agentCart(cart: Cart, notice: string | null = null): AgentCart {
  return {
    items: cart.items.map((item) => ({
      productId: item.productId,
      variantId: item.variantId,
      name: item.name,
      quantity: item.quantity,
      unitPrice: toDollars(item.regularPrice),
      lineTotal: toDollars(item.lineTotal),
      discountedUnitPrice: toDollars(item.unitPrice),
    })),
    subtotal: toDollars(cart.summary.subtotal),
    discount: toDollars(cart.summary.discount),
    shipping: toDollars(cart.summary.shipping),
    tax: toDollars(cart.summary.tax),
    total: toDollars(cart.summary.total),
    currency: cart.summary.currency,
    taxIncluded: cart.summary.taxIncluded ?? false,
    taxLabel: cart.summary.taxLabel ?? "Tax",
    ...(cart.discountCode?.applied && (cart.summary.codeDiscount ?? 0) > 0
      ? {
          discountCode: { code: cart.discountCode.code, discount: toDollars(cart.summary.codeDiscount ?? 0) },
        }
      : {}),
    offer: cart.offer ? agentOffer(cart.offer) : null,
    notice: cart.discountNotice ?? notice,
  };
}

/** Whether Ava's discount stands for this cart: an offer bound to it, or a discount applied. */
function hasDiscount(cart: Cart): boolean {
  return cart.offer !== null || cart.summary.discount > 0;
}

function cartSummary(cart: Cart): string {
  return `${cart.summary.itemCount} item(s), total ${formatMoney(cart.summary.total)}`;
}

/** An anonymous cart's answer, and its audit line (never the token: it is the cart's key). */
function anonymousAnswer(found: AnonymousAgentCart) {
  const items = found.cart.items.reduce((sum, item) => sum + item.quantity, 0);
  return { value: found, summary: `anonymous cart: ${items} item(s), total $${found.cart.total.toFixed(2)}` };
}

function anonymousCaller(deps: ToolDeps) {
  return { publicUrl: deps.publicUrl, ip: deps.ip, limits: deps.agentCarts };
}

const NO_CART_YET =
  "Without the shopper's key or token, a cart is named by the cartToken update_cart answers: start one with update_cart (no cartToken), then pass its cartToken here.";

/** The shopper's cart for agents: the same cart, service and pricing rule as the web app's. */
export const cartTools: AgentTool[] = [
  defineTool({
    name: "get_cart",
    title: "Get the cart",
    description:
      "The shopper's cart: lines, subtotal, negotiated discount, shipping, tax and total in US dollars, and the offer bound to it. Without the shopper's key or token: the cart a cartToken from update_cart names, with its checkout link.",
    access: "public",
    readOnly: true,
    input: GetCartInputSchema,
    output: CartToolOutputSchema,
    handler: async (deps, shopper, input) => {
      if (!shopper) {
        if (!input.cartToken) throw invalid(NO_CART_YET, "CART_TOKEN_REQUIRED");
        return anonymousAnswer(
          await readAgentCart(deps.db, deps.publicUrl, input.cartToken, deps.agentCarts),
        );
      }
      const cart = await activeCartWithOffer(deps.db, shopperOf(shopper).id, {
        appliedOfferTtlMinutes: deps.appliedOfferTtlMinutes,
      });
      return { value: { cart: agentCart(cart) }, summary: cartSummary(cart) };
    },
  }),
  defineTool({
    name: "update_cart",
    title: "Update the cart",
    description:
      "Set how many of a product's variant the cart holds (0 removes it); a product with options needs the variantId of the size or colour wanted (get_product lists them). Any change voids a negotiated discount computed on the old contents; the answer's cart.notice says so when it did. Without the shopper's key or token, the first call starts a cart without an account and answers anonymousCart: pass its cartToken to later calls, and hand the shopper its checkoutUrl (signing in or up there moves the cart into their account).",
    access: "public",
    readOnly: false,
    input: UpdateCartInputSchema,
    output: CartToolOutputSchema,
    handler: async (deps, shopper, input) => {
      if (!shopper) {
        if (input.discountCode !== undefined)
          throw invalid(
            "A discount code needs the shopper's key or token: a cart without an account can't hold one.",
          );
        const { cartToken, discountCode: _code, ...change } = input;
        return anonymousAnswer(await changeAgentCart(deps.db, anonymousCaller(deps), cartToken, change));
      }
      const { id } = shopperOf(shopper);
      const current = await activeCartWithOffer(deps.db, id, {
        appliedOfferTtlMinutes: deps.appliedOfferTtlMinutes,
      });
      // The variant's line; without a variantId, the product's line when the cart holds one.
      const line = current.items.find(
        (item) =>
          item.productId === input.productId &&
          (input.variantId === undefined || item.variantId === input.variantId),
      );
      if (!line && input.quantity === 0) throw notFound("That product is not in the cart.");
      if (line) await setCartItemQuantity(deps.db, id, line.id, input.quantity);
      else
        await addCartItem(deps.db, id, {
          productId: input.productId,
          variantId: input.variantId,
          quantity: input.quantity,
        });
      if (input.discountCode !== undefined) await applyCode(deps, id, input.discountCode);
      const cart = await activeCartWithOffer(deps.db, id, {
        appliedOfferTtlMinutes: deps.appliedOfferTtlMinutes,
      });
      // An offer is bound to the contents it was made for: say so when this change voided it.
      const voided =
        hasDiscount(current) && !hasDiscount(cart)
          ? "The cart changed, so Ava's offer no longer applies: it was bound to the old contents. Negotiate again for this cart."
          : null;
      return {
        value: { cart: agentCart(cart, voided) },
        summary: voided ? `${cartSummary(cart)}; offer voided` : cartSummary(cart),
      };
    },
  }),
  defineTool({
    name: "apply_discount_code",
    title: "Apply a discount code",
    description:
      "Enter a discount code the shopper was given on their cart (one per cart; it replaces the one there), or \"\" to remove it. A code the shop does not know is refused with a sentence; a known one stays on the cart: cart.discountCode shows what it takes off when it applies, and cart.notice says why it does not apply now (expired, used up, below its minimum, not for these products) or how it met Ava's discount (the shopper gets the better of the two unless the shop lets them combine). Limited to 10 tries a minute per shopper, counted with the shop's own cart page.",
    access: "shopper",
    readOnly: false,
    input: ApplyDiscountCodeInputSchema,
    output: CartToolOutputSchema,
    handler: async (deps, shopper, input) => {
      const { id } = shopperOf(shopper);
      await applyCode(deps, id, input.code);
      const cart = await activeCartWithOffer(deps.db, id, {
        appliedOfferTtlMinutes: deps.appliedOfferTtlMinutes,
      });
      const said = cart.discountCode?.message ?? null;
      return {
        value: { cart: agentCart(cart, said) },
        summary: cart.discountCode
          ? `${cartSummary(cart)}; code ${cart.discountCode.code} ${cart.discountCode.applied ? "applies" : "does not apply"}`
          : `${cartSummary(cart)}; no code`,
      };
    },
  }),
];
