import { describe, expect, it } from "vitest";
import { retryOnce } from "./retry-once.ts";

describe("retryOnce", () => {
  it("tries a failed measurement once more, then reports the failure instead of throwing", async () => {
    let calls = 0;
    const flaky = () => {
      calls += 1;
      if (calls === 1) return Promise.reject(new Error("Lighthouse on /: NO_NAVSTART"));
      return Promise.resolve(42);
    };
    expect(await retryOnce(flaky)).toEqual({ ok: true, value: 42, retried: true });
    expect(calls).toBe(2);

    const broken = () => Promise.reject(new Error("Lighthouse on /: NO_NAVSTART"));
    expect(await retryOnce(broken)).toEqual({ ok: false, error: "Lighthouse on /: NO_NAVSTART" });
    expect(await retryOnce(() => Promise.resolve("fine"))).toEqual({ ok: true, value: "fine", retried: false });
  });
});
