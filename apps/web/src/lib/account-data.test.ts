import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT_DATA_PREFIX, ACCOUNT_KEY, noteAccount, onAccountChangedElsewhere } from "./account-data";

describe("the account's data kept in the browser", () => {
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it("is dropped when another account (or none) is noted, and kept for the same one", () => {
    noteAccount("user-1");
    sessionStorage.setItem(`${ACCOUNT_DATA_PREFIX}assistant`, "user 1's chat");
    sessionStorage.setItem("scroll-positions", "kept: no account's");
    expect(noteAccount("user-1")).toBe(false);
    expect(sessionStorage.getItem(`${ACCOUNT_DATA_PREFIX}assistant`)).toBe("user 1's chat");
    expect(noteAccount(null)).toBe(true);
    expect(sessionStorage.getItem(`${ACCOUNT_DATA_PREFIX}assistant`)).toBeNull();
    expect(sessionStorage.getItem("scroll-positions")).toBe("kept: no account's");
    expect(localStorage.getItem(ACCOUNT_KEY)).toBe("");
  });

  it("is kept for an anonymous visitor whose tab noted nobody before (a first visit chats before anyone asks who is signed in)", () => {
    sessionStorage.setItem(`${ACCOUNT_DATA_PREFIX}assistant`, "the visitor's chat");
    expect(noteAccount(null)).toBe(false);
    expect(sessionStorage.getItem(`${ACCOUNT_DATA_PREFIX}assistant`)).toBe("the visitor's chat");
    expect(localStorage.getItem(ACCOUNT_KEY)).toBe("");
    // Signing in afterwards is a change of account.
    expect(noteAccount("user-1")).toBe(true);
    expect(sessionStorage.getItem(`${ACCOUNT_DATA_PREFIX}assistant`)).toBeNull();
  });

  it("is dropped in every other tab when one tab notes a change (the storage event)", () => {
    const listener = vi.fn();
    const stop = onAccountChangedElsewhere(listener);
    sessionStorage.setItem(`${ACCOUNT_DATA_PREFIX}assistant`, "user 1's chat");
    window.dispatchEvent(new StorageEvent("storage", { key: ACCOUNT_KEY, oldValue: "user-1", newValue: "" }));
    expect(sessionStorage.getItem(`${ACCOUNT_DATA_PREFIX}assistant`)).toBeNull();
    expect(listener).toHaveBeenCalledWith(null);
    window.dispatchEvent(new StorageEvent("storage", { key: "cart", oldValue: "[]", newValue: "[1]" }));
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});
