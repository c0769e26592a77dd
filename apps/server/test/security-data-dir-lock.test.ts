import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/platform/db/client.ts";
import { DataDirLockedError, LOCK_FILE } from "../src/platform/db/data-dir-lock.ts";

const root = path.resolve(import.meta.dirname, "../../..");

// A second server on the same DATA_DIR started without error and its
// acknowledged orders were gone after a restart. One process holds a data folder at a time.
describe("embedded database: one process per DATA_DIR", () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "haggle-lock-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const lockOf = (dir: string) => JSON.parse(readFileSync(path.join(dir, LOCK_FILE), "utf8"));

  it("refuses a second open of a folder that is open, and opens it again once closed", async () => {
    const dir = freshDir();
    const first = await openDatabase({ dataDir: dir, migrate: false });
    try {
      expect(lockOf(dir).pid).toBe(process.pid);
      await expect(openDatabase({ dataDir: dir, migrate: false })).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const again = await openDatabase({ dataDir: dir, migrate: false });
    await again.close();
  });

  it("takes over a stale lock left by a process that is gone (kill -9, a crash)", async () => {
    const dir = freshDir();
    const gone = spawnSync(process.execPath, [
      "-e",
      "process.stdout.write(String(process.pid))",
    ]).stdout.toString();
    writeFileSync(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid: Number(gone), host: hostname(), startedAt: "then" }),
    );
    const database = await openDatabase({ dataDir: dir, migrate: false });
    try {
      expect(lockOf(dir).pid).toBe(process.pid);
    } finally {
      await database.close();
    }
  });

  it("stops a server whose folder another live server holds: one sentence, exit code 1, the folder untouched", async () => {
    const dir = freshDir();
    // This test's own process plays the other server: it is alive, and it is not the child.
    const held = { pid: process.pid, host: hostname(), startedAt: "2026-11-24T00:00:00.000Z" };
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(held));
    const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/index.ts"], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: "0",
        LOG_LEVEL: "info",
        AUTH_SECRET: "lock-test-secret-0123456789-abcdef",
      },
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
    expect(code).toBe(1);
    expect(output).toContain(`is in use by another Haggle server (pid ${process.pid}`);
    expect(output).not.toMatch(/\n\s+at /); // no stack trace
    expect(lockOf(dir)).toEqual(held);
    expect(existsSync(path.join(dir, "pglite"))).toBe(false);
  });
});
