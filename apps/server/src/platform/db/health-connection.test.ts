import { afterAll, describe, expect, it } from "vitest";
import { HealthConnection } from "./client.ts";

/**
 * The health check's own connection also carries the cancels of abandoned searches, and both
 * arrive together: its statements must run one after another, not be sent while one runs
 * (node-postgres warns of that, and pg 9 refuses it).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("the health check's connection", () => {
  const connection = new HealthConnection(process.env.TEST_DATABASE_URL ?? "");
  afterAll(() => connection.close());

  it("runs statements that arrive together one after another, each to its end", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on("warning", onWarning);
    try {
      const finished: string[] = [];
      await Promise.all([
        connection.run("select pg_sleep(0.2)").then(() => finished.push("slow")),
        connection.run("select 1").then(() => finished.push("quick")),
        connection.ping().then(() => finished.push("ping")),
      ]);
      expect(finished).toEqual(["slow", "quick", "ping"]);
      // A failing statement does not stop the next.
      await expect(connection.run("select * from no_such_table")).rejects.toThrow();
      await connection.ping();
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.filter((w) => w.includes("already executing a query"))).toEqual([]);
  });
});
