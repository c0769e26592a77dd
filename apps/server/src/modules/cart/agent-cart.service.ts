import { createHash, randomBytes } from "node:crypto";
import { AGENT_CART_TOKEN_PREFIX, type AgentCart, MAX_AGENT_CART_LINES } from "@haggle/contract/agents";
import type { Cart } from "@haggle/contract/cart";
import { conflict, limitReached, notFound } from "@haggle/domain/errors";
import type { Db, Tx } from "../../platform/db/client.ts";
import { hitRateLimit } from "../../platform/rate-limit.ts";
import {
  type AgentCartRow,
  agentCartExpired,
  agentCartView,
  countAgentCartLines,
  deleteAgentCartItem,
  dropExpiredAgentCarts,
  findAgentCartByHash,
  insertAgentCart,
  insertAgentCartItem,
  loadAgentCartItems,
  lockAgentCartByHash,
  markAgentCartClaimed,
  setAgentCartItemQuantity,
  touchAgentCart,
} from "./agent-cart.store.ts";
import { activeCartWithOffer } from "./cart-with-offer.service.ts";
import { assertStock, mergeCart, sellableVariant } from "./cart.service.ts";

/**
 * Carts agents fill without an account (decision 0061). /mcp keeps no session, so the cart is
 * named by a bearer token update_cart hands out and the agent passes back; its checkout link
 * carries the same token to the web app, where a signed-in shopper claims it once: its lines
 * merge into their cart the way the browser's anonymous cart does on sign-in.
 */

export interface AgentCartLimits {
  perIpPerHour: number;
  ttlHours: number;
}

/** What an agent holds after update_cart: the cart, its token, the link for its human. */
export interface AnonymousAgentCart {
  cart: AgentCart;
  anonymousCart: { cartToken: string; checkoutUrl: string; expiresAt: string };
}

export function hashAgentCartToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function newToken(): string {
  return `${AGENT_CART_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** The web page that claims the cart (a signed-out visitor signs in or up there first). */
export function agentCartCheckoutUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/agent-cart?token=${encodeURIComponent(token)}`;
}

function unknownToken(ttlHours: number) {
  return notFound(
    `That cartToken names no cart: it is not one this shop gave out, or its cart expired (a cart without an account lasts ${ttlHours} hours after its last change). Call update_cart without cartToken to start a new cart.`,
  );
}

const claimed = () =>
  conflict(
    "That cart was already moved into a shopper's account from its checkout link, so it no longer changes here. Call update_cart without cartToken to start a new cart, or use the shopper's account.",
    "AGENT_CART_CLAIMED",
  );

/** The live, unclaimed cart a token names, locked; a sentence for anything else. */
async function usableCart(tx: Tx, token: string, ttlHours: number): Promise<AgentCartRow> {
  const row = await lockAgentCartByHash(tx, hashAgentCartToken(token));
  if (!row || (await agentCartExpired(tx, row.id))) throw unknownToken(ttlHours);
  if (row.claimedAt) throw claimed();
  return row;
}

function answer(publicUrl: string, token: string, row: AgentCartRow, cart: AgentCart): AnonymousAgentCart {
  return {
    cart,
    anonymousCart: {
      cartToken: token,
      checkoutUrl: agentCartCheckoutUrl(publicUrl, token),
      expiresAt: row.expiresAt.toISOString(),
    },
  };
}

/** get_cart without an account: the cart a token names. */
export async function readAgentCart(
  db: Db,
  publicUrl: string,
  token: string,
  limits: AgentCartLimits,
): Promise<AnonymousAgentCart> {
  const row = await findAgentCartByHash(db, hashAgentCartToken(token));
  if (!row || (await agentCartExpired(db, row.id))) throw unknownToken(limits.ttlHours);
  if (row.claimedAt) throw claimed();
  return answer(publicUrl, token, row, await agentCartView(db, row.id));
}

interface LineChange {
  productId: string;
  variantId?: string | undefined;
  quantity: number;
}

/** Sets a line of a locked cart: the same variant and stock rules as a shopper's cart, and a line limit. */
async function setLine(tx: Tx, cart: AgentCartRow, change: LineChange): Promise<void> {
  const items = await loadAgentCartItems(tx, cart.id);
  const line = items.find(
    (item) =>
      item.productId === change.productId &&
      (change.variantId === undefined || item.variantId === change.variantId),
  );
  if (!line) {
    if (change.quantity === 0) throw notFound("That product is not in the cart.");
    const variant = await sellableVariant(tx, change.productId, change.variantId);
    assertStock(variant, change.quantity);
    if ((await countAgentCartLines(tx, cart.id)) >= MAX_AGENT_CART_LINES) {
      throw conflict(
        `A cart without an account holds at most ${MAX_AGENT_CART_LINES} different items. Remove one first, or hand the shopper the checkout link so the cart becomes theirs.`,
        "AGENT_CART_FULL",
      );
    }
    await insertAgentCartItem(tx, cart.id, variant, change.quantity);
    return;
  }
  if (change.quantity === 0) {
    await deleteAgentCartItem(tx, cart.id, line.id);
    return;
  }
  assertStock(await sellableVariant(tx, line.productId, line.variantId), change.quantity);
  await setAgentCartItemQuantity(tx, cart.id, line.id, change.quantity);
}

/**
 * update_cart without an account: with a token, changes that cart; without one, starts a cart
 * (counted against the address's carts per hour) holding the one line asked for.
 */
export async function changeAgentCart(
  db: Db,
  caller: { publicUrl: string; ip: string; limits: AgentCartLimits },
  token: string | undefined,
  change: LineChange,
): Promise<AnonymousAgentCart> {
  const { limits } = caller;
  if (token) {
    return db.transaction(async (tx) => {
      const cart = await usableCart(tx, token, limits.ttlHours);
      await setLine(tx, cart, change);
      const row = await touchAgentCart(tx, cart.id, limits.ttlHours);
      return answer(caller.publicUrl, token, row, await agentCartView(tx, cart.id));
    });
  }
  if (change.quantity === 0) throw notFound("That product is not in the cart.");
  // The line is checked before the cart counts against the address: a bad call starts nothing.
  await db.transaction(async (tx) => {
    assertStock(await sellableVariant(tx, change.productId, change.variantId), change.quantity);
  });
  const limit = await hitRateLimit(db, `agent-cart:ip:${caller.ip}`, limits.perIpPerHour, 3600);
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    throw limitReached(
      `This address started ${limits.perIpPerHour} carts without an account in the last hour, the most allowed. Pass the cartToken of a cart already started, wait ${minutes} minute${minutes === 1 ? "" : "s"}, or use the shopper's account.`,
      "AGENT_CART_LIMIT",
    );
  }
  await dropExpiredAgentCarts(db);
  const fresh = newToken();
  return db.transaction(async (tx) => {
    const row = await insertAgentCart(tx, {
      tokenHash: hashAgentCartToken(fresh),
      ip: caller.ip,
      ttlHours: limits.ttlHours,
    });
    await setLine(tx, row, change);
    return answer(caller.publicUrl, fresh, row, await agentCartView(tx, row.id));
  });
}

const LINK_UNKNOWN =
  "This cart link is not one the shop gave out, or its cart expired. Ask the agent for a new link.";

/**
 * The web's checkout link, signed in: the agent's cart merges into the shopper's (quantities add,
 * capped at stock, with notices for what could not be added) and ends there. Opening the link
 * again as the same shopper answers their cart without merging twice.
 */
export async function claimAgentCart(
  db: Db,
  userId: string,
  token: string,
  options: { appliedOfferTtlMinutes: number },
): Promise<Cart> {
  const taken = await db.transaction(async (tx) => {
    const row = await lockAgentCartByHash(tx, hashAgentCartToken(token));
    if (!row) throw notFound(LINK_UNKNOWN);
    if (row.claimedAt) {
      if (row.claimedBy === userId) return null;
      throw conflict("This cart was already moved into another account.", "AGENT_CART_CLAIMED");
    }
    if (await agentCartExpired(tx, row.id)) throw notFound(LINK_UNKNOWN);
    await markAgentCartClaimed(tx, row.id, userId);
    return { id: row.id, items: await loadAgentCartItems(tx, row.id) };
  });
  if (!taken) return activeCartWithOffer(db, userId, options);
  const items = taken.items.map(({ productId, variantId, quantity }) => ({ productId, variantId, quantity }));
  try {
    return await mergeCart(db, userId, items);
  } catch (error) {
    // The merge is all or nothing: when it failed, the link still works for another try.
    await db.transaction((tx) => markAgentCartClaimed(tx, taken.id, null));
    throw error;
  }
}
