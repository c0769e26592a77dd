/**
 * What the browser keeps for the signed-in account (the assistant's conversation, and anything
 * else under ACCOUNT_DATA_PREFIX in sessionStorage) belongs to that account only: when the
 * account changes (sign-out, another account signs in) it is dropped, in this tab at once and in
 * every other open tab through the storage event on ACCOUNT_KEY.
 */

/** sessionStorage keys that start with this hold one account's data. */
export const ACCOUNT_DATA_PREFIX = "haggle.account-data.";

/** localStorage: the account this browser's tabs keep data for ("" for none); shared by every tab. */
export const ACCOUNT_KEY = "haggle.account";

function storages(): { session: Storage | null; local: Storage | null } {
  try {
    return typeof window === "undefined"
      ? { session: null, local: null }
      : { session: window.sessionStorage, local: window.localStorage };
  } catch {
    // Storage blocked (privacy settings): nothing is kept, so there is nothing to drop.
    return { session: null, local: null };
  }
}

/** Drops this tab's account data. */
export function forgetAccountData(): void {
  const { session } = storages();
  if (!session) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < session.length; i++) {
      const key = session.key(i);
      if (key?.startsWith(ACCOUNT_DATA_PREFIX)) keys.push(key);
    }
    for (const key of keys) session.removeItem(key);
  } catch {
    // Storage went away meanwhile: nothing more to do.
  }
}

/**
 * Records the account now signed in (null: none). When it is not the account the data was kept
 * for, this tab's account data is dropped first, and the other tabs hear of the change. Returns
 * whether the account changed.
 */
export function noteAccount(userId: string | null): boolean {
  const { local } = storages();
  const now = userId ?? "";
  let before: string | null = null;
  try {
    before = local?.getItem(ACCOUNT_KEY) ?? null;
  } catch {
    before = null;
  }
  if (before === now) return false;
  // Nothing recorded yet and nobody signed in: what this tab kept is an anonymous visitor's own
  // (the home page may not ask who is signed in before the shopper chats), not another account's.
  if (before === null && now === "") {
    try {
      local?.setItem(ACCOUNT_KEY, now);
    } catch {
      // As below.
    }
    return false;
  }
  forgetAccountData();
  try {
    local?.setItem(ACCOUNT_KEY, now);
  } catch {
    // Without localStorage the other tabs cannot hear of it; this tab is clean all the same.
  }
  return true;
}

/**
 * Calls `listener` when another tab records a different account (or clears all storage); this
 * tab's account data is dropped before it is called. Returns the unsubscribe.
 */
export function onAccountChangedElsewhere(listener: (userId: string | null) => void): () => void {
  if (typeof window === "undefined") return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key !== ACCOUNT_KEY && event.key !== null) return;
    if (event.key === ACCOUNT_KEY && event.oldValue === event.newValue) return;
    forgetAccountData();
    listener(event.newValue ? event.newValue : null);
  };
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}
