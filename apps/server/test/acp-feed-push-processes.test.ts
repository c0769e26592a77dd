/**
 * The ACP feed push with several server processes on one PostgreSQL database
 * (docs/decisions/0067-acp-2026-04-17.md): a cluster of two workers and a third process, all
 * pushing to one platform that answers slowly (so their rounds overlap) and refuses the first
 * push. Each product reaches the platform once, a change once, and a restart pushes nothing that
 * did not change.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/platform/db/client.ts";
import { products } from "../src/platform/db/schema.ts";
import { FeedPlatform, until } from "./support/feed-platform.ts";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";
import { createServerDatabase } from "./support/test-server.ts";

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "the ACP feed push from several processes on one PostgreSQL database",
  () => {
    const platform = new FeedPlatform();
    const processes: ServerProcess[] = [];
    let database: Database;
    let drop: () => Promise<void>;
    let env: Record<string, string>;

    beforeAll(async () => {
      await platform.start();
      const created = await createServerDatabase();
      drop = created.drop;
      database = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
      env = {
        DATABASE_URL: created.url,
        // Every process serves the same shop address, so they build the same feed.
        PUBLIC_URL: "http://shop.example",
        AUTH_SECRET: "feed-push-processes-secret-0123456789",
        ACP_FEED_PUSH_URL: platform.url,
        ACP_FEED_PUSH_FEED_ID: "feed_1",
        ACP_FEED_PUSH_INTERVAL_SECONDS: "0.2",
      };
    });
    afterAll(async () => {
      for (const p of processes) await p.stop();
      await database?.close();
      await drop?.();
      await platform.close();
    });

    const pushedIds = () => platform.pushes.flatMap((p) => p.products.map((x) => x.id));
    const visibleIds = async () =>
      (await database.db.select({ id: products.id }).from(products).where(eq(products.hidden, false)))
        .map((r) => r.id)
        .sort();
    const rename = (id: string) =>
      database.db
        .update(products)
        .set({ name: sql`${products.name} || ' (new)'` })
        .where(eq(products.id, id));
    /** Long enough for several rounds of every process (0.2 s apart) to have found nothing to send. */
    const quietRounds = () => new Promise((r) => setTimeout(r, 1500));

    it("pushes each product once across the processes, each change once, and nothing again after a restart", async () => {
      platform.delayMs = 300;
      platform.refuse = 1;
      processes.push(await startServerProcess({ ...env, WORKERS: "2" }));
      processes.push(await startServerProcess({ ...env, SEED_ON_START: "false" }));
      const every = await visibleIds();
      expect(every.length).toBeGreaterThan(0);
      await until(() => (new Set(pushedIds()).size === every.length ? true : undefined), 60_000);
      await quietRounds();
      expect(pushedIds().sort()).toEqual(every);

      const [first, second] = every as [string, string];
      const before = platform.pushes.length;
      await rename(first);
      await until(() => platform.pushes[before]);
      await quietRounds();
      expect(platform.pushes.slice(before).flatMap((p) => p.products.map((x) => x.id))).toEqual([first]);

      // A restart: the new process reads what was pushed from the database.
      for (const p of processes.splice(0)) await p.stop();
      const afterStop = platform.pushes.length;
      processes.push(await startServerProcess({ ...env, SEED_ON_START: "false" }));
      await quietRounds();
      expect(platform.pushes.length).toBe(afterStop);
      await rename(second);
      await until(() => platform.pushes[afterStop]);
      await quietRounds();
      expect(platform.pushes.slice(afterStop).flatMap((p) => p.products.map((x) => x.id))).toEqual([second]);
      console.info(
        `[postgres, 3 pushers then a restart] feed push: ${every.length} products, ${platform.pushes.length} accepted PATCHes, each product once`,
      );
      // Starting three server processes on a loaded machine takes a while.
    }, 600_000);
  },
);
