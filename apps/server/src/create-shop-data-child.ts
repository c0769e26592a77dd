import { fork } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { CreateShopData, CreateShopDataAnswer } from "./create-shop-data.ts";
import type { SeedResult } from "./modules/admin/index.ts";
import { DataDirLockedError } from "./platform/db/data-dir-lock.ts";
import type { Logger } from "./platform/logger.ts";

/**
 * How to start create-shop-data: the bundle's create-shop-data.js beside the running code, or,
 * from the sources (tests, `npm run dev`), the TypeScript file through tsx's loader.
 */
function childEntry(): { script: string; execArgv: string[] } {
  // The server bundle rewrites `import.meta.url` to this source file's address; the bracket
  // reads the running file's own, so the bundle finds the entry it was built with beside it.
  // biome-ignore lint/complexity/useLiteralKeys: see above.
  const here = import.meta["url"];
  if (!here.endsWith(".ts"))
    return { script: fileURLToPath(new URL("./create-shop-data.js", here)), execArgv: [] };
  const tsx = createRequire(here).resolve("tsx");
  return {
    script: fileURLToPath(new URL("./create-shop-data.ts", here)),
    execArgv: ["--import", pathToFileURL(tsx).href],
  };
}

/**
 * Creates, migrates and seeds a new embedded data folder in a child process (see
 * create-shop-data.ts for why). Returns what was seeded, or null when the child failed: the
 * caller then opens the folder itself and does the same work in this process, as before.
 */
export async function createShopDataInChild(
  request: CreateShopData,
  logger: Logger,
): Promise<{ seeded: SeedResult | null } | null> {
  const entry = childEntry();
  const child = fork(entry.script, [JSON.stringify(request)], {
    execArgv: entry.execArgv,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let answer: CreateShopDataAnswer | null = null;
  child.on("message", (message) => {
    answer = message as CreateShopDataAnswer;
  });
  const code = await new Promise<number | null>((resolve) => {
    child.once("error", () => resolve(null));
    // "close" comes after the IPC channel and the process have both ended, so the answer is in.
    child.once("close", (exitCode) => resolve(exitCode));
  });
  const answered = answer as CreateShopDataAnswer | null;
  if (code === 0 && answered && "seeded" in answered) return answered;
  const error = answered && "error" in answered ? answered.error : null;
  // A folder held by another server: the server's own open refuses it next, in one sentence.
  if (error?.name !== DataDirLockedError.name)
    logger.warn(
      { exitCode: code, error: error?.message },
      "creating the data folder in a child process failed; creating it in the server process",
    );
  return null;
}
