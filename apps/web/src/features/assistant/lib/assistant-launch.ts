/**
 * What the floating launcher needs before the assistant's own code is loaded: where the chat is
 * kept and whether it was left open. Kept apart from assistant-storage.ts, which parses the
 * whole chat with the contract's schemas (zod), so the launcher stays tiny in the main bundle.
 */

import { ACCOUNT_DATA_PREFIX } from "@/lib/account-data";

/**
 * sessionStorage: the chat lasts as long as the tab, across page changes and reloads, and is the
 * account's: dropped when the account changes (lib/account-data).
 */
export const ASSISTANT_STORAGE_KEY = `${ACCOUNT_DATA_PREFIX}assistant`;

/** Whether the shopper left the chat open (a reload, another page): it then opens at once. */
export function wasLeftOpen(): boolean {
  try {
    const raw = window.sessionStorage.getItem(ASSISTANT_STORAGE_KEY);
    return raw !== null && (JSON.parse(raw) as { open?: unknown } | null)?.open === true;
  } catch {
    // Storage blocked or a damaged entry: the chat starts closed.
    return false;
  }
}
