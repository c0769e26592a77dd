import { describe, expect, it } from "vitest";
import { Readiness } from "./readiness.ts";

function probe(over: { ping?: () => Promise<void>; migrated?: () => Promise<boolean> } = {}) {
  const calls = { migrations: 0 };
  return {
    calls,
    probe: {
      ping: over.ping ?? (async () => {}),
      migrationsApplied: async () => {
        calls.migrations++;
        return over.migrated ? over.migrated() : true;
      },
    },
  };
}

describe("readiness", () => {
  it("is ready when the database answers and is migrated, and asks about migrations once", async () => {
    const { probe: p, calls } = probe();
    const readiness = new Readiness(p);
    expect(await readiness.check()).toEqual({ ready: true });
    expect(await readiness.check()).toEqual({ ready: true });
    expect(calls.migrations).toBe(1);
  });

  it("is not ready while the database does not answer, and is again when it does", async () => {
    let up = false;
    const readiness = new Readiness(
      probe({ ping: async () => (up ? undefined : Promise.reject(new Error("down"))) }).probe,
    );
    expect(await readiness.check()).toEqual({ ready: false, reason: "database-unreachable" });
    up = true;
    expect(await readiness.check()).toEqual({ ready: true });
  });

  it("is not ready while the database is behind this code's migrations", async () => {
    let migrated = false;
    const readiness = new Readiness(probe({ migrated: async () => migrated }).probe);
    expect(await readiness.check()).toEqual({ ready: false, reason: "migrations-pending" });
    migrated = true;
    expect(await readiness.check()).toEqual({ ready: true });
  });

  it("stops being ready for good once draining, and tells every listener once", async () => {
    const readiness = new Readiness(probe().probe);
    let told = 0;
    readiness.onDrain(() => told++);
    const removed = readiness.onDrain(() => told++);
    removed();
    readiness.drain();
    readiness.drain();
    expect(told).toBe(1);
    expect(readiness.draining).toBe(true);
    expect(await readiness.check()).toEqual({ ready: false, reason: "draining" });
    // A stream opened after the drain began is told at once.
    readiness.onDrain(() => told++);
    expect(told).toBe(2);
  });
});
