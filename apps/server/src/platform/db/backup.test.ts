import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { backupToFile, inspectBackup, loadBackup } from "./backup.ts";
import { type Database, openDatabase } from "./client.ts";

const TABLE = sql`CREATE TABLE public.odd_values (
  id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  amount numeric(40, 20),
  big bigint,
  at timestamptz,
  plain timestamp,
  floats real[],
  doc json,
  bin bytea,
  note text,
  doubled integer GENERATED ALWAYS AS (length(note) * 2) STORED
)`;

const INSERT = sql`INSERT INTO public.odd_values (amount, big, at, plain, floats, doc, bin, note) VALUES
  (12345678901234567890.12345678901234567890, 9007199254740993, '2026-11-25 21:00:00.123456+00',
   '2026-01-02 03:04:05.678901', '{0.1,-2.5e-7,3.4028235e38}', '{"a": 1,
   "b": [true, null]}', '\\x00ff10', E'tab\\there\\nline "quoted" ✓'),
  (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)`;

const rows = async (database: Database) =>
  (
    (await database.db.execute(
      sql`SELECT id, amount::text, big::text, at::text, plain::text, floats::text, doc::jsonb::text AS doc, encode(bin, 'hex') AS bin, note, doubled FROM public.odd_values ORDER BY id`,
    )) as unknown as { rows: unknown[] }
  ).rows;

// The backup format carries values as PostgreSQL's own text forms, never as JavaScript numbers
// (a json column keeps its value; its line breaks, whitespace, become spaces).
describe("backup file: values round-trip exactly", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "haggle-backup-unit-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps numeric digits, bigints past 2^53, time zones, float arrays, json with line breaks, bytes; recomputes generated columns; continues identities", async () => {
    const source = await openDatabase({ migrate: false });
    const target = await openDatabase({ migrate: false });
    try {
      await source.db.execute(TABLE);
      await source.db.execute(INSERT);
      const file = path.join(dir, "odd.jsonl.gz");
      const made = await backupToFile(source, file);
      expect(made.header.tables.find((t) => t.name === "odd_values")?.columns).not.toContain("doubled");
      expect((await inspectBackup(file)).rows.odd_values).toBe(2);

      await target.db.execute(TABLE);
      await loadBackup(target.db, file, made.header);
      expect(await rows(target)).toEqual(await rows(source));
      // The identity continues after the restored ids.
      await target.db.execute(sql`INSERT INTO public.odd_values (note) VALUES ('next')`);
      const next = (await target.db.execute(sql`SELECT max(id) AS id FROM public.odd_values`)) as unknown as {
        rows: { id: number }[];
      };
      expect(next.rows[0]?.id).toBe(3);
    } finally {
      await source.close();
      await target.close();
    }
  }, 60_000);
});
