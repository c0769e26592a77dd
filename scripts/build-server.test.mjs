import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildServer } from "./build-server.mjs";

const root = path.resolve(import.meta.dirname, "..");
// Starting the bundle on a fresh database takes longer than a unit test should (20-30 s here);
// the end-to-end tests run it (e2e/playwright.config.ts), and `npm run measure:start` times it.
// Beside the real output, as dist is.
const outdir = mkdtempSync(path.join(root, "apps/server/.dist-test-"));
let inputs = [];

beforeAll(async () => {
  inputs = await buildServer({ outdir });
}, 120_000);

afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
});

it("bundles the server and the workspace packages, leaving node_modules outside", () => {
  expect(inputs).toContain("apps/server/src/index.ts");
  expect(inputs.some((file) => file.startsWith("packages/domain/src/"))).toBe(true);
  expect(inputs.some((file) => file.startsWith("packages/contract/src/"))).toBe(true);
  const code = readdirSync(outdir)
    .filter((file) => file.endsWith(".js"))
    .map((file) => readFileSync(path.join(outdir, file), "utf8"))
    .join("\n");
  expect(code).not.toMatch(/from "@haggle\//);
  expect(code).not.toMatch(/from "[^"]+\.tsx?"/);
  expect(code).toMatch(/from "hono"/);
  // The embedded database's thread is started from the file beside the bundle.
  expect(readdirSync(outdir)).toContain("embedded-worker.js");
  // A first start creates the embedded data folder in a child process started from this file.
  expect(readdirSync(outdir)).toContain("create-shop-data.js");
});

/** The files a module loads as soon as it is imported: itself and its static imports of chunks. */
function loadedAtOnce(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(path.join(outdir, file), "utf8");
  for (const [, chunk] of code.matchAll(/^import[^;]*?from "\.\/([^"]+)";/gms)) loadedAtOnce(chunk, seen);
  return seen;
}

it("keeps what loads on first use (e-mail templates, Stripe, SMTP) out of the start", () => {
  const code = [...loadedAtOnce("index.js")].map((file) => readFileSync(path.join(outdir, file), "utf8"));
  for (const lazy of ["@react-email/components", "react-dom/server", "stripe", "nodemailer"])
    expect(code.join("\n")).not.toContain(`from "${lazy}"`);
  const all = readdirSync(outdir).map((file) => readFileSync(path.join(outdir, file), "utf8"));
  expect(all.join("\n")).toContain('from "stripe"');
});
