import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  columnPlaceholders,
  preparedSql,
  preparedStatement,
  rowPlaceholders,
} from "../../src/platform/db/prepared.ts";
import { appSettings, mailOutbox } from "../../src/platform/db/schema.ts";
import { DB_KINDS, useFreshTestDatabase } from "../support/test-server.ts";

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
  const fresh = useFreshTestDatabase(kind);

  it("runs inside the caller's transaction, and its writes roll back with it", async () => {
    // Built on the database first: a copy still bound to the pool would miss the transaction's row.
    await writeSetting(fresh.database.db, { key: "prepared:warm", value: "built on the database" });
    expect(await readSetting(fresh.database.db, { key: "prepared:a" })).toEqual([]);
    expect((await countSettings(fresh.database.db, { prefix: "prepared:%" })).rows).toEqual([{ n: 1 }]);
    const rolledBack = new Error("roll back");
    await expect(
      fresh.database.db.transaction(async (tx) => {
        await writeSetting(tx, { key: "prepared:a", value: "in the transaction" });
        // Only the transaction's own connection sees the row it has not committed.
        expect(await readSetting(tx, { key: "prepared:a" })).toEqual([{ value: "in the transaction" }]);
        expect((await countSettings(tx, { prefix: "prepared:%" })).rows).toEqual([{ n: 2 }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await readSetting(fresh.database.db, { key: "prepared:a" })).toEqual([]);
  });

  it("answers each run's values, on the database and in transactions alike", async () => {
    await writeSetting(fresh.database.db, { key: "prepared:b", value: "one" });
    await fresh.database.db.transaction(async (tx) => {
      await writeSetting(tx, { key: "prepared:c", value: "two" });
    });
    expect(await readSetting(fresh.database.db, { key: "prepared:b" })).toEqual([{ value: "one" }]);
    expect(await readSetting(fresh.database.db, { key: "prepared:c" })).toEqual([{ value: "two" }]);
    expect((await countSettings(fresh.database.db, { prefix: "prepared:%" })).rows).toEqual([{ n: 3 }]);
  });

  it("builds a row from placeholders: a null stays SQL null, each value goes through its column's encoder", async () => {
    const row = (payload: Record<string, unknown> | null, at: Date | null) =>
      rowPlaceholders(
        { kind: "test", to: "a@example.com", subject: null, payload, lastError: null, sentAt: at },
        "m_",
      );
    const full = row({ n: 1 }, new Date("2026-01-02T03:04:05Z"));
    const bare = row(null, null);
    // Which keys are null is part of the shape: the two rows build two texts.
    expect(full.shape).not.toBe(bare.shape);
    expect(full.values).toEqual({
      m_kind: "test",
      m_to: "a@example.com",
      m_payload: { n: 1 },
      m_sentAt: new Date("2026-01-02T03:04:05Z"),
    });
    const insert = (name: string, r: typeof full) =>
      preparedStatement(name, (q) =>
        q
          .insert(mailOutbox)
          .values(r.placeholders as never)
          .returning({ id: mailOutbox.id }),
      )(fresh.database.db, r.values);
    await insert("test_row_full", full);
    await insert("test_row_bare", bare);
    const { rows } = (await fresh.database.db.execute(
      sql`select payload, payload is null as sql_null, sent_at is not null as dated, subject from mail_outbox where kind = 'test' order by payload is null`,
    )) as unknown as {
      rows: { payload: unknown; sql_null: boolean; dated: boolean; subject: string | null }[];
    };
    expect(rows).toEqual([
      { payload: { n: 1 }, sql_null: false, dated: true, subject: null },
      // A null payload is SQL null, not JSON null; a null date took nothing through the encoder.
      { payload: null, sql_null: true, dated: false, subject: null },
    ]);
  });
});
