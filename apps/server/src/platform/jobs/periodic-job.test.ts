import pino from "pino";
import { describe, expect, it } from "vitest";
import { startPeriodicJob } from "./periodic-job.ts";

const quiet = pino({ level: "silent" });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a periodic job", () => {
  it("runs again and again, never two runs at once, and goes on after a failing run", async () => {
    let runs = 0;
    let inFlight = 0;
    let most = 0;
    const job = startPeriodicJob({
      name: "test",
      intervalMs: 5,
      logger: quiet,
      run: async () => {
        runs += 1;
        inFlight += 1;
        most = Math.max(most, inFlight);
        await pause(10);
        inFlight -= 1;
        if (runs === 1) throw new Error("first run fails");
      },
    });
    while (runs < 3) await pause(5);
    await job.stop();
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
  });

  it("stops cleanly: waits for the run in progress and starts no other", async () => {
    let finished = 0;
    let started = 0;
    const job = startPeriodicJob({
      name: "test",
      intervalMs: 1,
      logger: quiet,
      run: async () => {
        started += 1;
        await pause(30);
        finished += 1;
      },
    });
    while (started === 0) await pause(1);
    await job.stop();
    expect(started).toBeGreaterThan(0);
    expect(finished).toBe(started);
    const after = started;
    await pause(30);
    expect(started).toBe(after);
  });
});
