import { describe, expect, it } from "vitest";
import cluster from "node:cluster";
import {
  hasBuiltInReusePort,
  portSharing,
  restartDelayMs,
  schedulingPolicy,
  serverProcessCount,
} from "./workers.ts";

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

  it("lets the workers take connections from the port unless NODE_CLUSTER_SCHED_POLICY says rr or reuseport (Linux only)", () => {
    expect(portSharing(undefined, "linux")).toBe("none");
    expect(portSharing("none", "linux")).toBe("none");
    expect(portSharing("anything else", "linux")).toBe("none");
    expect(portSharing("rr", "linux")).toBe("rr");
    expect(portSharing("reuseport", "linux")).toBe("reuseport");
    expect(portSharing("reuseport", "darwin")).toBe("none");
    expect(portSharing(undefined, "darwin")).toBe("none");
    expect(portSharing("rr", "darwin")).toBe("rr");
  });

  it("gives node:cluster its shared-socket policy for none and round robin otherwise", () => {
    expect(schedulingPolicy("none")).toBe(cluster.SCHED_NONE);
    expect(schedulingPolicy("rr")).toBe(cluster.SCHED_RR);
    expect(schedulingPolicy("reuseport")).toBe(cluster.SCHED_RR);
  });

  it("knows which Node has listen({ reusePort }): 22.12 and later, 23.1 and later", () => {
    expect(["v20.20.2", "v22.11.0", "v23.0.0", "21.7.3"].map(hasBuiltInReusePort)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(["v22.12.0", "v22.20.1", "v23.1.0", "v24.0.0", "v25.2.1"].map(hasBuiltInReusePort)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
  });
});
