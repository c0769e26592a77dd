import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BackupHeader, backupToFile, migrationsFolderFor } from "../src/platform/db/backup.ts";
import { type Database, MIGRATIONS_DIR, openDatabase } from "../src/platform/db/client.ts";
import { HttpClient } from "./support/http-client.ts";
import { checkedOut, fillCart, loadCatalogue, signUpShopper } from "./support/shop-fixtures.ts";
import { testDatabasePrefix } from "./support/database-templates.ts";
import { createServerDatabase, startTestServer } from "./support/test-server.ts";

const root = path.resolve(import.meta.dirname, "../../..");

/** Runs `npm run backup` / `npm run restore` as the shop's owner would: its exit code and output. */
async function cli(
  command: "backup" | "restore",
  args: string[],
  target: { dataDir?: string; databaseUrl?: string },
): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "silent" };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (target.dataDir) env.DATA_DIR = target.dataDir;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  const child = spawn(process.execPath, ["--import", "tsx", `apps/server/src/cli/${command}.ts`, ...args], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, output };
}

interface ShopState {
  catalogue: unknown[];
  /** Each shopper's order history and each order's page, as the shopper sees them. */
  orders: Record<string, { list: unknown; details: unknown[] }>;
}

const shoppers: { email: string; orders: number }[] = [];

/** What the shop answers for its catalogue and each shopper's orders (signed in afresh). */
async function shopState(baseUrl: string): Promise<ShopState> {
  const orders: ShopState["orders"] = {};
  for (const { email } of shoppers) {
    const http = new HttpClient(baseUrl);
    const signedIn = await http.signIn(email, "secret123");
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
    const list = await http.get("/api/orders");
    expect(list.status).toBe(200);
    const details = [];
    for (const order of list.json.items ?? list.json)
      details.push((await http.get(`/api/orders/${order.id}`)).json);
    orders[email] = { list: list.json, details };
  }
  return { catalogue: await loadCatalogue(baseUrl), orders };
}

/** Serves a restored database and reads the shop from it; the server migrates it as at any start. */
async function stateServedFrom(database: Database): Promise<ShopState> {
  const server = await startTestServer(database.kind, { database, seed: false });
  try {
    return await shopState(server.baseUrl);
  } finally {
    await server.close();
  }
}

// `npm run backup` / `npm run restore`, a consistent copy of the embedded
// database restorable into the embedded database or a PostgreSQL server (and back).
describe("npm run backup / npm run restore", () => {
  const work = mkdtempSync(path.join(tmpdir(), "haggle-backup-test-"));
  const sourceDir = path.join(work, "source");
  const backupFile = path.join(work, "shop.jsonl.gz");
  let before: ShopState;
  let source: Database | null = null;

  // An upper bound: a shop with two shoppers' orders took 135 s at load 36.
  beforeAll(async () => {
    source = await openDatabase({ dataDir: sourceDir });
    const server = await startTestServer("embedded", { database: source });
    try {
      const catalogue = await loadCatalogue(server.baseUrl);
      for (const [i, name] of ["Ada Buyer", "Ben Buyer"].entries()) {
        const shopper = await signUpShopper(server.baseUrl, name);
        for (let n = 0; n <= i; n++) {
          await fillCart(shopper.http, catalogue.slice(3 * n + i, 3 * n + i + 2));
          await checkedOut(shopper.http);
        }
        shoppers.push({ email: shopper.email, orders: i + 1 });
      }
      before = await shopState(server.baseUrl);
      expect(Object.values(before.orders).map((o) => o.details.length)).toEqual([1, 2]);
    } finally {
      await server.close();
    }
  }, 300_000);

  afterAll(async () => {
    await source?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("refuses to back up a data folder a running server holds, and says to stop it", async () => {
    // The source database is open in this process, as a running server would hold it.
    const refused = await cli("backup", [backupFile], { dataDir: sourceDir });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/data folder .* is in use by a running Haggle server \(pid \d+/);
    expect(refused.output).toMatch(/stop the server, run `npm run backup`/);
    expect(existsSync(backupFile)).toBe(false);
    await source?.close();
    source = null;
  }, 60_000);

  it("backs up the stopped shop: products, orders and users, at its migrations", async () => {
    const made = await cli("backup", [backupFile], { dataDir: sourceDir });
    expect(made.code, made.output).toBe(0);
    expect(made.output).toMatch(
      /Backed up the embedded database .* rows in \d+ tables \(\d+ migrations applied\)/,
    );
    expect(made.output).toMatch(/orders: 3/);
    expect(existsSync(`${backupFile}.partial`)).toBe(false);
    // It holds password hashes and session tokens: its owner alone may read it.
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    const again = await cli("backup", [backupFile], { dataDir: sourceDir });
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already exists/);
  }, 60_000);

  it("restores into a fresh DATA_DIR: the shop answers the same catalogue and orders", async () => {
    const dir = path.join(work, "restored");
    const restored = await cli("restore", [backupFile], { dataDir: dir });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/Restored \d+ rows in \d+ tables into the embedded database/);
    const database = await openDatabase({ dataDir: dir });
    try {
      expect(await stateServedFrom(database)).toEqual(before);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("refuses to restore over a database with tables, unless --force", async () => {
    const dir = path.join(work, "restored");
    const refused = await cli("restore", [backupFile], { dataDir: dir });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/is not empty\. .*add --force/);
    const forced = await cli("restore", [backupFile, "--force"], { dataDir: dir });
    expect(forced.code, forced.output).toBe(0);
    const database = await openDatabase({ dataDir: dir });
    try {
      expect(await stateServedFrom(database)).toEqual(before);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("refuses a file cut short before touching the database, and a file that is not a backup", async () => {
    const cut = path.join(work, "cut.jsonl.gz");
    const whole = readFileSync(backupFile);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const dir = path.join(work, "never");
    const refused = await cli("restore", [cut], { dataDir: dir });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/cannot be read as a Haggle backup|incomplete/);
    expect(existsSync(dir)).toBe(false);
    const notBackup = path.join(work, "notes.txt");
    writeFileSync(notBackup, "hello");
    const wrong = await cli("restore", [notBackup], { dataDir: dir });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toMatch(/cannot be read as a Haggle backup/);
    const usage = await cli("restore", [], { dataDir: dir });
    expect(usage.code).toBe(2);
  }, 60_000);

  it("keeps the backup's migrations: an older shop's data is restored as it was and the server's start migrates it", async () => {
    const all = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8"))
      .entries as {
      when: number;
    }[];
    const older = all.slice(0, -1).map((e) => e.when);
    const { folder } = await migrationsFolderFor({ migrations: older } as BackupHeader);
    const oldDir = path.join(work, "old-shop");
    const oldFile = path.join(work, "old-shop.jsonl.gz");
    try {
      const old = await openDatabase({ dataDir: oldDir, migrationsFolder: folder });
      try {
        const made = await backupToFile(old, oldFile);
        // The header lists them by their journal time (drizzle's created_at), not by file order.
        expect(made.header.migrations).toEqual([...older].sort((a, b) => a - b));
      } finally {
        await old.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const dir = path.join(work, "old-restored");
    const restored = await cli("restore", [oldFile], { dataDir: dir });
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/applies the 1 newer migration\(s\) when it starts/);
    const applied = async (database: Database) =>
      (
        (await database.db.execute(
          sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
        )) as unknown as { rows: unknown[] }
      ).rows[0];
    const asRestored = await openDatabase({ dataDir: dir, migrate: false });
    expect(await applied(asRestored)).toEqual({ n: older.length });
    await asRestored.close();
    const started = await openDatabase({ dataDir: dir });
    expect(await applied(started)).toEqual({ n: all.length });
    await started.close();

    // A backup from a Haggle with migrations this one lacks is refused, before anything changes.
    const lines = gunzipSync(readFileSync(backupFile)).toString().split("\n");
    const header = JSON.parse((lines[0] as string).slice(2)) as BackupHeader;
    header.migrations.push(9_999_999_999_999);
    const newer = path.join(work, "newer.jsonl.gz");
    writeFileSync(newer, gzipSync([`H\t${JSON.stringify(header)}`, ...lines.slice(1)].join("\n")));
    const refused = await cli("restore", [newer], { dataDir: path.join(work, "newer") });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/made by a newer Haggle/);
    expect(existsSync(path.join(work, "newer"))).toBe(false);
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    "restores into a fresh PostgreSQL database, backs that server up while the shop runs, and restores it back into the embedded database",
    async () => {
      const server = await createServerDatabase({ empty: true });
      try {
        const restored = await cli("restore", [backupFile], { databaseUrl: server.url });
        expect(restored.code, restored.output).toBe(0);
        expect(restored.output).toContain(`into the PostgreSQL database ${testDatabasePrefix()}_test_`);
        const running = await startTestServer("postgres", { databaseUrl: server.url, seed: false });
        const fromServer = path.join(work, "from-server.jsonl.gz");
        try {
          expect(await shopState(running.baseUrl)).toEqual(before);
          // A server database is copied in one snapshot while the shop keeps running.
          const made = await cli("backup", [fromServer], { databaseUrl: server.url });
          expect(made.code, made.output).toBe(0);
          expect(made.output).toContain(`Backed up the PostgreSQL database ${testDatabasePrefix()}_test_`);
        } finally {
          await running.close();
        }
        const dir = path.join(work, "back-to-embedded");
        const back = await cli("restore", [fromServer], { dataDir: dir });
        expect(back.code, back.output).toBe(0);
        const database = await openDatabase({ dataDir: dir });
        try {
          expect(await stateServedFrom(database)).toEqual(before);
        } finally {
          await database.close();
        }
      } finally {
        await server.drop();
      }
    },
    180_000,
  );
});
