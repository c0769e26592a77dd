import { describe, expect, it } from "vitest";
import { LingerPool } from "./linger.ts";

const limits = { maxBytes: 1024, maxMs: 1_000, maxDraining: 2, maxLingering: 3 };

describe("the lingering connections of a process", () => {
  it("lets a few read at once; the others wait their turn, in order", () => {
    const pool = new LingerPool(limits);
    const started: string[] = [];
    const done = ["a", "b", "c", "d"].map((name) => pool.whenReading(() => started.push(name)));
    expect(started).toEqual(["a", "b"]);
    expect(pool.stats()).toMatchObject({ draining: 2 });
    done[0]?.();
    expect(started).toEqual(["a", "b", "c"]);
    // One that closes while it waits gives up its turn; its closing frees no reader.
    done[3]?.();
    done[1]?.();
    expect(started).toEqual(["a", "b", "c"]);
    expect(pool.stats()).toMatchObject({ draining: 1, mostDraining: 2 });
    done[2]?.();
    expect(pool.stats()).toMatchObject({ draining: 0 });
  });

  it("refuses a place past the most lingering connections, and gives places back", () => {
    const pool = new LingerPool(limits);
    expect([pool.enter(), pool.enter(), pool.enter(), pool.enter()]).toEqual([true, true, true, false]);
    pool.leave();
    expect(pool.enter()).toBe(true);
    expect(pool.stats()).toMatchObject({ lingering: 3, mostLingering: 3 });
  });
});
