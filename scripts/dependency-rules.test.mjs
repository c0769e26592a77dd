import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The server's import rules in `.dependency-cruiser.cjs` (`npm run lint:deps`), proven to bite:
 * a small tree with one planted breach per rule is cruised with the project's own configuration,
 * and each rule must name its breach (and nothing else be reported). The real tree is then
 * cruised and folded into its modules, which must depend on each other one way only.
 */

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const depcruise = path.join(repo, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
const config = path.join(repo, ".dependency-cruiser.cjs");

/** Runs dependency-cruiser in `cwd` over `paths`, answering its JSON result (violations or not). */
function cruise(cwd, paths) {
  let out;
  try {
    out = execFileSync(process.execPath, [depcruise, ...paths, "--config", config, "--output-type", "json"], {
      cwd,
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch (error) {
    // It exits with the number of errors found; the JSON is still on standard output.
    if (typeof error.stdout !== "string" || error.stdout === "") throw error;
    out = error.stdout;
  }
  return JSON.parse(out);
}

const planted = {
  "apps/server/src/modules/alpha/index.ts": 'export { alphaValue } from "./alpha.store.ts";\n',
  "apps/server/src/modules/alpha/alpha.store.ts": "export const alphaValue = 1;\n",
  // Allowed: another module's front door.
  "apps/server/src/modules/beta/through-the-door.ts":
    'import { alphaValue } from "../alpha/index.ts";\nexport const beta = alphaValue;\n',
  // modules-meet-at-front-doors
  "apps/server/src/modules/beta/past-the-door.ts":
    'import { alphaValue } from "../alpha/alpha.store.ts";\nexport const sneaky = alphaValue;\n',
  // the-rest-meets-modules-at-front-doors
  "apps/server/src/cli/past-the-door.ts":
    'import { alphaValue } from "../modules/alpha/alpha.store.ts";\nexport const cli = alphaValue;\n',
  // http-knows-no-modules
  "apps/server/src/http/knows-a-module.ts":
    'import { alphaValue } from "../modules/alpha/index.ts";\nexport const http = alphaValue;\n',
  // no-cycles-between-modules: gamma and delta import each other through their front doors.
  "apps/server/src/modules/gamma/index.ts": 'export { gamma } from "./gamma.ts";\n',
  "apps/server/src/modules/gamma/gamma.ts":
    'import { delta } from "../delta/index.ts";\nexport const gamma = (): number => delta() + 1;\n',
  "apps/server/src/modules/delta/index.ts": 'export { delta } from "./delta.ts";\n',
  "apps/server/src/modules/delta/delta.ts":
    'import { gamma } from "../gamma/index.ts";\nexport const delta = (): number => (Math.random() > 2 ? gamma() : 0);\n',
  // a-module-owns-its-tables: the cart's store writing the orders table, a module owning no table
  // importing the whole schema; the cart's own schema file is allowed.
  "apps/server/src/platform/db/schema.ts":
    'export * from "./schema/orders.ts";\nexport * from "./schema/carts.ts";\n',
  "apps/server/src/platform/db/schema/orders.ts": "export const orders = {};\n",
  "apps/server/src/platform/db/schema/carts.ts": "export const carts = {};\n",
  "apps/server/src/modules/cart/own-table.store.ts":
    'import { carts } from "../../platform/db/schema/carts.ts";\nexport const own = carts;\n',
  "apps/server/src/modules/cart/foreign-table.store.ts":
    'import { orders } from "../../platform/db/schema/orders.ts";\nexport const foreign = orders;\n',
  "apps/server/src/modules/beta/whole-schema.store.ts":
    'import { orders } from "../../platform/db/schema.ts";\nexport const whole = orders;\n',
  // No exception is left: the dashboard's counts ask the orders' front door, the admin's setup
  // codes the settings' front door, and the cart voids its offers through what the negotiation
  // module hands it (a cart store writing the offers' table fails).
  "apps/server/src/platform/db/schema/negotiation.ts": "export const negotiationOffers = {};\n",
  "apps/server/src/modules/cart/void-offers.store.ts":
    'import { negotiationOffers } from "../../platform/db/schema/negotiation.ts";\nexport const offers = negotiationOffers;\n',
  "apps/server/src/platform/db/schema/settings.ts": "export const appSettings = {};\n",
  "apps/server/src/modules/merchant/dashboard.store.ts":
    'import { orders } from "../../platform/db/schema/orders.ts";\nexport const counts = orders;\n',
  "apps/server/src/modules/admin/setup-code.store.ts":
    'import { appSettings } from "../../platform/db/schema/settings.ts";\nexport const codes = appSettings;\n',
  "tsconfig.base.json": '{ "compilerOptions": { "allowImportingTsExtensions": true } }\n',
};

describe("the server's import rules", () => {
  let dir;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "haggle-deps-"));
    for (const [file, contents] of Object.entries(planted)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), contents);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("names each planted breach by its rule, and only those", () => {
    const { summary } = cruise(dir, ["apps"]);
    const found = summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(found).toEqual(
      expect.arrayContaining([
        "modules-meet-at-front-doors: apps/server/src/modules/beta/past-the-door.ts → apps/server/src/modules/alpha/alpha.store.ts",
        "the-rest-meets-modules-at-front-doors: apps/server/src/cli/past-the-door.ts → apps/server/src/modules/alpha/alpha.store.ts",
        "http-knows-no-modules: apps/server/src/http/knows-a-module.ts → apps/server/src/modules/alpha/index.ts",
        "a-module-owns-its-tables: apps/server/src/modules/cart/foreign-table.store.ts → apps/server/src/platform/db/schema/orders.ts",
        "a-module-owns-its-tables: apps/server/src/modules/beta/whole-schema.store.ts → apps/server/src/platform/db/schema.ts",
        "a-module-owns-its-tables: apps/server/src/modules/merchant/dashboard.store.ts → apps/server/src/platform/db/schema/orders.ts",
        "a-module-owns-its-tables: apps/server/src/modules/admin/setup-code.store.ts → apps/server/src/platform/db/schema/settings.ts",
        "a-module-owns-its-tables: apps/server/src/modules/cart/void-offers.store.ts → apps/server/src/platform/db/schema/negotiation.ts",
      ]),
    );
    expect(
      found.some((v) => /^no-cycles-between-modules: apps\/server\/src\/modules\/(gamma|delta)\//.test(v)),
    ).toBe(true);
    const rules = new Set(summary.violations.map((v) => v.rule.name));
    expect([...rules].sort()).toEqual(
      [
        "a-module-owns-its-tables",
        "http-knows-no-modules",
        "modules-meet-at-front-doors",
        "no-circular",
        "no-cycles-between-modules",
        "the-rest-meets-modules-at-front-doors",
      ].sort(),
    );
    expect(found.join("\n")).not.toContain("through-the-door");
    expect(found.join("\n")).not.toContain("own-table.store.ts");
  });

  it("leaves the server's modules depending on each other one way only", () => {
    const { modules } = cruise(repo, ["apps/server/src"]);
    const moduleOf = (file) => /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
    const edges = new Map();
    for (const file of modules) {
      const from = moduleOf(file.source);
      if (!from || /\.test\.tsx?$/.test(file.source)) continue;
      for (const dependency of file.dependencies) {
        const to = moduleOf(dependency.resolved);
        if (!to || to === from) continue;
        if (!edges.has(from)) edges.set(from, new Set());
        edges.get(from).add(to);
      }
    }
    // A depth-first walk: a module met again while still on the path closes a cycle.
    const cycles = [];
    const state = new Map();
    const visit = (name, trail) => {
      state.set(name, "open");
      for (const next of edges.get(name) ?? []) {
        if (state.get(next) === "open")
          cycles.push([...trail, name, next].slice(trail.indexOf(next)).join(" → "));
        else if (!state.has(next)) visit(next, [...trail, name]);
      }
      state.set(name, "done");
    };
    for (const name of edges.keys()) if (!state.has(name)) visit(name, []);
    expect(cycles).toEqual([]);
    expect(edges.size).toBeGreaterThan(5);
  });
});
