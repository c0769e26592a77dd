import { fdatasyncSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/**
 * PGlite 0.5 starts PostgreSQL with fsync off (`-F`), and its Node file system (Emscripten's
 * NODEFS) has no fsync: every sync PostgreSQL asks for returns at once, so a committed
 * transaction reaches the disk only when the OS writes its page cache.
 * This file system gives NODEFS an fsync that really syncs the file, and `DURABLE_START_PARAMS`
 * starts PostgreSQL with fsync on and `wal_sync_method=fsync` (Emscripten's fdatasync is a
 * stub that never reaches the file system), so each commit flushes its WAL to disk before it
 * is acknowledged, and checkpoints sync the data files.
 */
export class DurableNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly onSync?: () => void,
  ) {
    super(dataDir);
  }

  override async init(pg: PGlite, emscriptenOptions: Parameters<NodeFS["init"]>[1]) {
    const result = await super.init(pg, emscriptenOptions);
    const onSync = this.onSync;
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...(Array.isArray(preRun) ? preRun : [preRun]),
      // biome-ignore lint/suspicious/noExplicitAny: Emscripten's module has no public types here.
      (mod: any) => {
        mod.FS.filesystems.NODEFS.stream_ops.fsync = (stream: { nfd: number }) => {
          fdatasyncSync(stream.nfd);
          onSync?.();
          return 0;
        };
      },
    ];
    return result;
  }
}

/** PGlite's start parameters with fsync on and a WAL sync method that reaches the file system. */
export function durableStartParams(defaults: readonly string[]): string[] {
  return [...defaults.filter((p) => p !== "-F"), "-c", "fsync=on", "-c", "wal_sync_method=fsync"];
}
