import { describe, expect, it } from "vitest";
import { afterFailedAttempt, mailRetryDelayMs } from "./mail-retry.ts";

const policy = { maxAttempts: 5, baseMs: 30_000, capMs: 3_600_000 };

describe("mail retries", () => {
  it("wait twice as long after each failed attempt, from the base", () => {
    expect([1, 2, 3, 4].map((n) => mailRetryDelayMs(n, policy))).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it("never wait longer than the cap, however many attempts", () => {
    expect(mailRetryDelayMs(8, policy)).toBe(3_600_000);
    expect(mailRetryDelayMs(1000, policy)).toBe(3_600_000);
  });

  it("retry until the last attempt, then give up as failed", () => {
    expect(afterFailedAttempt(1, policy)).toEqual({ status: "queued", retryInMs: 30_000 });
    expect(afterFailedAttempt(4, policy)).toEqual({ status: "queued", retryInMs: 240_000 });
    expect(afterFailedAttempt(5, policy)).toEqual({ status: "failed" });
    expect(afterFailedAttempt(6, policy)).toEqual({ status: "failed" });
  });
});
