/**
 * Embedded data folders that server processes a test starts (server-process.ts) begin as copies
 * of: what a first start makes (a migrated database, seeded unless SEED_ON_START=false), made
 * once and kept in the system's temporary folder. A first start created, migrated and seeded its
 * folder in 20–30 s on a busy machine; a copy of about 60 MB takes a fraction of a second.
 *
 * A folder is keyed by the migrations (and PGlite's version) and by every source file of the
 * server, since the seed is made by that code; tests of the first start itself do not use them.
 */
import { randomUUID } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { createShopDataInChild } from "../../src/create-shop-data-child.ts";
import { serverSourcesKey } from "./database-templates.ts";

/** A folder no run has used for this long is removed when a new one is made. */
const UNUSED_MS = 24 * 60 * 60_000;

const made = new Map<boolean, Promise<string>>();

/** The template folder (made now if no run has made it); parallel test processes may both make it. */
function shopDataTemplate(seed: boolean): Promise<string> {
  let folder = made.get(seed);
  if (folder) return folder;
  folder = (async () => {
    const dir = path.join(tmpdir(), "haggle-test-templates");
    const name = `shop-data-${seed ? "seeded" : "empty"}-${serverSourcesKey()}`;
    const template = path.join(dir, name);
    if (existsSync(template)) {
      const now = new Date();
      utimesSync(template, now, now);
      return template;
    }
    mkdirSync(dir, { recursive: true });
    const partial = `${template}.${randomUUID()}.partial`;
    const created = await createShopDataInChild(
      { dataDir: partial, cacheMb: 16, seed },
      pino({ level: "silent" }),
    );
    if (!created) throw new Error(`could not create the shop data template ${name}`);
    // Another test process may have made it meanwhile: the first rename wins, the same content.
    try {
      renameSync(partial, template);
    } catch (error) {
      if (!existsSync(template)) throw error;
      rmSync(partial, { recursive: true, force: true });
    }
    for (const old of readdirSync(dir)) {
      const oldPath = path.join(dir, old);
      if (!old.startsWith("shop-data-") || oldPath === template) continue;
      const unused = Date.now() - (statSync(oldPath, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (unused > UNUSED_MS) rmSync(oldPath, { recursive: true, force: true });
    }
    return template;
  })();
  made.set(seed, folder);
  return folder;
}

/** Fills the empty folder `dataDir` with a copy of what a first start would have made there. */
export async function copyOfShopDataFolder(dataDir: string, options: { seed: boolean }): Promise<void> {
  cpSync(await shopDataTemplate(options.seed), dataDir, { recursive: true });
}
