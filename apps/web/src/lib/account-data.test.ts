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
