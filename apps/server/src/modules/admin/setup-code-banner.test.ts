import { afterEach, describe, expect, it, vi } from "vitest";
import type { Logger } from "../../platform/logger.ts";
import { announceSetupCode, SETUP_CODE_REMINDER_MS, setupCodeBanner } from "./setup-code-banner.ts";

const logger = { error: vi.fn() } as unknown as Logger;

describe("the setup code banner", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is a plain box around the code and where to use it", () => {
    const banner = setupCodeBanner("ABCD-EFGH-JKLM", "http://localhost:3000");
    const lines = banner.trim().split("\n");
    expect(lines[0]).toMatch(/^\+-+\+$/);
    expect(lines.at(-1)).toBe(lines[0]);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(lines.slice(1, -1).every((line) => line.startsWith("|  ") && line.endsWith("  |"))).toBe(true);
    expect(banner).toContain("Setup code:  ABCD-EFGH-JKLM");
    expect(banner).toContain("http://localhost:3000/admin");
    // Plain: nothing but printable ASCII and new lines (no colour codes).
    expect(/^[\x20-\x7e\n]*$/.test(banner)).toBe(true);
  });

  it("is printed at once and every ten minutes while the shop has no admin, then no more", async () => {
    vi.useFakeTimers();
    const written: string[] = [];
    let unclaimed = true;
    const job = announceSetupCode({
      code: "ABCD-EFGH-JKLM",
      shopUrl: "http://localhost:3000",
      unclaimed: async () => unclaimed,
      write: (text) => written.push(text),
      logger,
    });
    expect(SETUP_CODE_REMINDER_MS).toBe(600_000);
    expect(written).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SETUP_CODE_REMINDER_MS - 1_000);
    expect(written).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(written).toHaveLength(2);
    expect(written[1]).toBe(written[0]);
    unclaimed = false;
    await vi.advanceTimersByTimeAsync(3 * SETUP_CODE_REMINDER_MS);
    expect(written).toHaveLength(2);
    await job.stop();
  });
});
