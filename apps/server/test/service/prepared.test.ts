import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/platform/db/client.ts";
import { columnPlaceholders, preparedSql, preparedStatement } from "../../src/platform/db/prepared.ts";
import { appSettings } from "../../src/platform/db/schema.ts";
import { DB_KINDS, openFreshTestDatabase } from "../support/test-server.ts";

/**
 * A statement built once runs where it is given: on the database, or inside the caller's
 * transaction (it sees that transaction's uncommitted rows, and its writes roll back with it).
 * Service tier: the platform's database code against a database, no HTTP.
 */
const readSetting = preparedStatement("test_read_setting", (q) =>
  q
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, sql.placeholder("key"))),
);
const writeSetting = preparedStatement("test_write_setting", (q) =>
  q.insert(appSettings).values(columnPlaceholders("key", "value")),
);
const countSettings = preparedSql<{ n: number }>(
  "test_count_settings",
  sql`select count(*)::int as n from app_settings where key like ${sql.placeholder("prefix")}`,
);

describe.each(DB_KINDS)("statements built once (%s)", (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openFreshTestDatabase(kind));
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it("runs inside the caller's transaction, and its writes roll back with it", async () => {
    // Built on the database first: a copy still bound to the pool would miss the transaction's row.
    await writeSetting(database.db, { key: "prepared:warm", value: "built on the database" });
    expect(await readSetting(database.db, { key: "prepared:a" })).toEqual([]);
    expect((await countSettings(database.db, { prefix: "prepared:%" })).rows).toEqual([{ n: 1 }]);
    const rolledBack = new Error("roll back");
    await expect(
      database.db.transaction(async (tx) => {
        await writeSetting(tx, { key: "prepared:a", value: "in the transaction" });
        // Only the transaction's own connection sees the row it has not committed.
        expect(await readSetting(tx, { key: "prepared:a" })).toEqual([{ value: "in the transaction" }]);
        expect((await countSettings(tx, { prefix: "prepared:%" })).rows).toEqual([{ n: 2 }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await readSetting(database.db, { key: "prepared:a" })).toEqual([]);
  });

  it("answers each run's values, on the database and in transactions alike", async () => {
    await writeSetting(database.db, { key: "prepared:b", value: "one" });
    await database.db.transaction(async (tx) => {
      await writeSetting(tx, { key: "prepared:c", value: "two" });
    });
    expect(await readSetting(database.db, { key: "prepared:b" })).toEqual([{ value: "one" }]);
    expect(await readSetting(database.db, { key: "prepared:c" })).toEqual([{ value: "two" }]);
    expect((await countSettings(database.db, { prefix: "prepared:%" })).rows).toEqual([{ n: 3 }]);
  });
});
