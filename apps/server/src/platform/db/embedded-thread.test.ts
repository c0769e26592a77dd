/**
 * The embedded database on its worker thread behaves as PGlite on the calling thread did:
 * values, PostgreSQL's error fields, transactions (commit, rollback, savepoints), NOTIFY, and a
 * health check that answers while a query runs.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.ts";
import { isUniqueViolation } from "./db-errors.ts";
import { startPglite } from "./embedded-pglite.ts";

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ migrate: false });
}, 180_000);
afterAll(async () => {
  await database?.close();
});

it("answers values as PGlite does: numbers, exact numerics and dates as text, JSON as objects", async () => {
  const { rows } = (await database.db.execute(
    sql`select 1 as a, 1.50::numeric as n, '{"k":1}'::jsonb as j, 5::int8 as b, '2026-01-02 03:04:05+00'::timestamptz as t`,
  )) as unknown as { rows: Record<string, unknown>[] };
  expect(rows[0]).toMatchObject({ a: 1, n: "1.50", j: { k: 1 }, b: 5 });
  expect(typeof rows[0]?.t).toBe("string");
});

it("keeps PostgreSQL's error code and constraint, commits, rolls back and nests savepoints", async () => {
  const { db } = database;
  await db.execute(sql`create table worker_t (id int primary key)`);
  await db.execute(sql`insert into worker_t values (1)`);
  const duplicate = await db.execute(sql`insert into worker_t values (1)`).catch((e: unknown) => e);
  expect(isUniqueViolation(duplicate, "worker_t_pkey")).toBe(true);
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into worker_t values (2)`);
    await tx
      .transaction(async (sp) => {
        await sp.execute(sql`insert into worker_t values (3)`);
        throw new Error("undo the savepoint only");
      })
      .catch(() => {});
  });
  await expect(
    db.transaction(async (tx) => {
      await tx.execute(sql`insert into worker_t values (4)`);
      throw new Error("roll back");
    }),
  ).rejects.toThrow("roll back");
  const { rows } = (await db.execute(sql`select id from worker_t order by id`)) as unknown as {
    rows: { id: number }[];
  };
  expect(rows.map((r) => r.id)).toEqual([1, 2]);
});

it("delivers NOTIFY and answers the health check while a query runs", async () => {
  const heard: string[] = [];
  const stop = await database.listen("worker_channel", (payload) => heard.push(payload));
  await database.db.execute(sql`select pg_notify('worker_channel', 'hello')`);
  await expect.poll(() => heard).toEqual(["hello"]);
  await stop();
  let done = false;
  const slow = database.db.execute(sql`select pg_sleep(1)`).finally(() => {
    done = true;
  });
  await database.ping();
  expect(done).toBe(false);
  await slow;
});

it("opens an in-memory database as a copy of a dump: its tables and rows, not the dump's later changes", async () => {
  const source = await startPglite({ cacheMb: 16 });
  const dir = mkdtempSync(path.join(tmpdir(), "haggle-dump-"));
  try {
    await source.exec("create table dumped (id int primary key); insert into dumped values (7)");
    const template = path.join(dir, "template.tar");
    writeFileSync(template, Buffer.from(await (await source.dumpDataDir("none")).arrayBuffer()));
    await source.exec("insert into dumped values (8)");
    const copy = await openDatabase({ migrate: false, embeddedTemplate: template });
    try {
      await copy.db.execute(sql`insert into dumped values (9)`);
      const { rows } = (await copy.db.execute(sql`select id from dumped order by id`)) as unknown as {
        rows: { id: number }[];
      };
      expect(rows.map((r) => r.id)).toEqual([7, 9]);
    } finally {
      await copy.close();
    }
  } finally {
    await source.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
