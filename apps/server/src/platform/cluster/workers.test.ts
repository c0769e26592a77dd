import { describe, expect, it } from "vitest";
import cluster from "node:cluster";
import { restartDelayMs, schedulingPolicy, serverProcessCount } from "./workers.ts";

describe("server processes", () => {
  it("runs one per core on a PostgreSQL server unless WORKERS says otherwise, and one on the embedded database", () => {
    expect(serverProcessCount({ DATABASE_URL: "postgres://x/y" }, 8)).toBe(8);
    expect(serverProcessCount({ DATABASE_URL: "postgres://x/y", WORKERS: 3 }, 8)).toBe(3);
    expect(serverProcessCount({ DATABASE_URL: "postgres://x/y" }, 0)).toBe(1);
    expect(serverProcessCount({}, 8)).toBe(1);
    expect(serverProcessCount({ WORKERS: 1 }, 8)).toBe(1);
  });

  it("restarts a worker at once after a healthy life, then backs off to at most 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(restartDelayMs)).toEqual([
      0, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });

  it("shares connections round robin unless NODE_CLUSTER_SCHED_POLICY=none lets the workers take them from the port", () => {
    expect(schedulingPolicy(undefined)).toBe(cluster.SCHED_RR);
    expect(schedulingPolicy("rr")).toBe(cluster.SCHED_RR);
    expect(schedulingPolicy("none")).toBe(cluster.SCHED_NONE);
  });
});
