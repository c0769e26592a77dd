import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/platform/db/client.ts";

// A commit on the embedded database is acknowledged only once its WAL
// has been synced to disk (fsync through the file system), not left in the OS page cache.
describe("embedded database: durable commits", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "haggle-durable-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("syncs the files written to disk at each committed transaction", async () => {
    let syncs = 0;
    const database = await openDatabase({
      dataDir: dir,
      migrate: false,
      onEmbeddedSync: () => {
        syncs++;
      },
    });
    try {
      const fsync = await database.db.execute(sql`show fsync`);
      expect(JSON.stringify(fsync)).toContain('"on"');
      await database.db.execute(sql`create table durable_probe (n int)`);
      const before = syncs;
      for (let n = 0; n < 10; n++) await database.db.execute(sql`insert into durable_probe values (${n})`);
      expect(syncs - before).toBeGreaterThanOrEqual(10);
    } finally {
      await database.close();
    }
  }, 60_000);
});
