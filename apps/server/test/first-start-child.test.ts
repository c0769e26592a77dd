import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { createShopDataInChild } from "../src/create-shop-data-child.ts";
import { countAllProducts } from "../src/modules/catalog/products.store.ts";
import { embeddedDatabaseExists, openDatabase } from "../src/platform/db/client.ts";

// A first start on the embedded database creates and seeds its data folder in
// a child process, so the server does not keep that work's memory (README "Start time and memory").
describe("a first start's data folder, created in a child process", () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "haggle-first-start-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const logger = pino({ level: "silent" });

  it("creates, migrates and seeds the folder, exits, and leaves it to the server unlocked", async () => {
    const dir = freshDir();
    expect(embeddedDatabaseExists(dir)).toBe(false);
    const created = await createShopDataInChild({ dataDir: dir, cacheMb: 16, seed: true }, logger);
    expect(created?.seeded?.productsCreated).toBeGreaterThan(0);
    expect(embeddedDatabaseExists(dir)).toBe(true);
    // The child has let the folder go: this process opens it, migrated and seeded.
    const database = await openDatabase({ dataDir: dir, migrate: false });
    try {
      expect(await countAllProducts(database.db)).toBe(created?.seeded?.productsTotal);
    } finally {
      await database.close();
    }
  });

  it("answers null when the child cannot do it (the folder is held), so the server does it itself", async () => {
    const dir = freshDir();
    const holder = await openDatabase({ dataDir: dir, migrate: false });
    try {
      expect(await createShopDataInChild({ dataDir: dir, cacheMb: 16, seed: true }, logger)).toBeNull();
    } finally {
      await holder.close();
    }
  });
});
