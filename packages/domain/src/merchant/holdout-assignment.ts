/**
 * The holdout experiment's assignment ("measure Ava"): which group a shopper's account
 * falls in. A pure function of the account id, the experiment id and the share held out, so an
 * account lands in the same group on every server process and every visit; the server stores
 * the first assignment only to know when the account became a visitor with a cart.
 */

export type HoldoutGroup = "ava" | "holdout";

/** The default share held out from Ava: 10%, in basis points. */
export const DEFAULT_HOLDOUT_SHARE_BP = 1_000;
/** Shares the merchant may choose: 1% to 50% (a larger holdout costs more of Ava's deals than it buys in precision). */
export const MIN_HOLDOUT_SHARE_BP = 100;
export const MAX_HOLDOUT_SHARE_BP = 5_000;

/** FNV-1a over the UTF-16 code units, 32 bits. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** MurmurHash3's finaliser: spreads FNV's low-entropy low bits across the word. */
function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** The account's bucket in this experiment, 0..9999. */
export function holdoutBucket(accountId: string, experimentId: string): number {
  return mix32(fnv1a(`${experimentId}:${accountId}`)) % 10_000;
}

/**
 * The group of an account: held out when its bucket falls below the share (basis points). A
 * share of 0 holds nobody out, 10000 everybody. A new experiment id reshuffles the accounts.
 */
export function holdoutGroupOf(accountId: string, experimentId: string, shareBp: number): HoldoutGroup {
  return holdoutBucket(accountId, experimentId) < shareBp ? "holdout" : "ava";
}

/** Whether a share (basis points) is one the merchant may set. */
export function validHoldoutShare(shareBp: number): boolean {
  return Number.isInteger(shareBp) && shareBp >= MIN_HOLDOUT_SHARE_BP && shareBp <= MAX_HOLDOUT_SHARE_BP;
}

/** What a held-out shopper (or their agent) reads when they try to negotiate. */
export const HELD_OUT_MESSAGE =
  "Negotiating with Ava is not offered on this account right now: the shop is measuring how shoppers buy at its regular prices. The cart and checkout work as usual.";
