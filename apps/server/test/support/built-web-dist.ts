import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../../..");

/**
 * The real web build (apps/web/dist, with its SSR module in apps/web/dist-ssr), brought up to
 * date first with the same script `npm start` runs (nothing to do when it is current).
 */
export function builtWebDist(): string {
  execFileSync(process.execPath, ["scripts/build.mjs"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return path.join(root, "apps/web/dist");
}
