/**
 * The import rules that keep the house easy to live in (docs/decisions/0006-module-rules.md).
 * `npm run lint:deps` checks them; `npm test` runs it. Each rule's comment is what a breach
 * prints, so it says what to do instead.
 */
const MODULE_FILE = "^apps/server/src/modules/[^/]+/";

/**
 * Which schema files (apps/server/src/platform/db/schema/<file>.ts) each module owns: only that
 * module's stores import them, so only they can write those tables. Another module reads them
 * through a read view the owner exports at its front door (`productsRead`, `profilesRead`, ...:
 * subqueries drizzle refuses to write). A module missing here owns no table.
 */
const TABLE_OWNERS = {
  accounts: ["accounts", "auth", "oauth"],
  addresses: ["addresses"],
  agents: ["agents"],
  cart: ["carts"],
  catalog: ["catalog"],
  discounts: ["discounts"],
  experiments: ["experiments"],
  negotiation: ["negotiation"],
  orders: ["orders", "acp"],
  payments: ["payments"],
  policies: ["policies"],
  settings: ["settings"],
  shipping: ["shipping"],
  taxes: ["taxes"],
};

/**
 * Reads and writes of another owner's tables still made in place, each with its reason. Moving
 * the query to the owner's store and calling it through the owner's front door removes a line.
 * None is left: keep it so.
 */
const FOREIGN_TABLE_EXCEPTIONS = {};

const SCHEMA_DIR = "^apps/server/src/platform/db/schema/";
const ownedTableRules = [...new Set([...Object.keys(TABLE_OWNERS), ...Object.keys(FOREIGN_TABLE_EXCEPTIONS)])].map(
  (module) => ({
    name: "a-module-owns-its-tables",
    comment:
      "A store imports only its own module's schema file(s) (TABLE_OWNERS in .dependency-cruiser.cjs), never the whole schema.ts: read another module's table through the read view its front door exports, and ask the owner (a function at its front door) to write it.",
    severity: "error",
    from: { path: `^apps/server/src/modules/${module}/`, pathNot: "\\.test\\.tsx?$" },
    to: {
      path: ["^apps/server/src/platform/db/schema(\\.ts$|/)"],
      pathNot: [
        `${SCHEMA_DIR}(${["columns", ...(TABLE_OWNERS[module] ?? []), ...(FOREIGN_TABLE_EXCEPTIONS[module] ?? [])].join("|")})\\.ts$`,
      ],
      dependencyTypesNot: ["type-only"],
    },
  }),
);
const ownerless = Object.keys({ ...TABLE_OWNERS, ...FOREIGN_TABLE_EXCEPTIONS }).join("|");

module.exports = {
  forbidden: [
    ...ownedTableRules,
    {
      name: "a-module-owns-its-tables",
      comment:
        "This module owns no table: read another module's table through the read view its front door exports, and ask the owner (a function at its front door) to write it.",
      severity: "error",
      from: { path: "^apps/server/src/modules/", pathNot: [`^apps/server/src/modules/(${ownerless})/`, "\\.test\\.tsx?$"] },
      to: {
        path: ["^apps/server/src/platform/db/schema(\\.ts$|/)"],
        pathNot: [`${SCHEMA_DIR}columns\\.ts$`],
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "domain-is-pure",
      comment:
        "packages/domain imports only packages/domain: no I/O, no zod, no Node built-ins. Move the impure part to the server.",
      severity: "error",
      from: { path: "^packages/domain/src/", pathNot: "\\.test\\.ts$" },
      to: { pathNot: "^packages/domain/src/" },
    },
    {
      name: "package-tests-are-pure-too",
      comment: "Tests of packages/ import the packages, zod, vitest and fast-check only.",
      severity: "error",
      from: { path: "^packages/(domain|contract)/src/.+\\.test\\.ts$" },
      to: { pathNot: ["^packages/(domain|contract)/src/", "(^|/)node_modules/(zod|vitest|fast-check)/"] },
    },
    {
      name: "contract-imports-zod-and-domain",
      comment: "packages/contract imports only zod and packages/domain.",
      severity: "error",
      from: { path: "^packages/contract/src/", pathNot: "\\.test\\.ts$" },
      to: { pathNot: ["^packages/contract/src/", "^packages/domain/src/", "(^|/)node_modules/zod/"] },
    },
    {
      name: "web-features-are-independent",
      comment:
        "A feature never imports another feature: move the shared piece to src/lib or src/components, or let them meet in src/app.",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "web-reaches-only-packages",
      comment: "The web app talks to the server over HTTP; it imports only packages/contract and packages/domain.",
      severity: "error",
      from: { path: "^apps/web/src/" },
      to: { path: "^(apps/server|bench|e2e)/" },
    },
    {
      name: "ui-primitives-know-no-features",
      comment: "src/components/ui holds primitives: no data fetching, no feature code.",
      severity: "error",
      from: { path: "^apps/web/src/components/ui/" },
      to: { path: "^apps/web/src/(features|app)/" },
    },
    {
      name: "only-http-and-routes-know-hono",
      comment:
        "Services, stores and platform code take plain values and throw DomainError: only apps/server/src/http and a module's *.routes.ts import hono or http/.",
      severity: "error",
      from: {
        path: "^apps/server/src/(modules|platform)/",
        pathNot: "^apps/server/src/modules/.+\\.routes\\.ts$",
      },
      to: { path: ["(^|/)node_modules/(hono|@hono)/", "^apps/server/src/http/"] },
    },
    {
      name: "only-stores-touch-the-schema",
      comment: "Only *.store.ts files (and platform/db itself) query tables: move the query into the module's store.",
      severity: "error",
      from: { path: MODULE_FILE, pathNot: "\\.store\\.ts$" },
      to: { path: ["^apps/server/src/platform/db/schema(\\.ts$|/)", "(^|/)node_modules/drizzle-orm/"] },
    },
    {
      name: "http-layer-touches-no-tables",
      comment: "apps/server/src/http and app.ts reach data through a module's store or service, never the schema.",
      severity: "error",
      from: { path: "^apps/server/src/(http/|app\\.ts$)" },
      to: { path: ["^apps/server/src/platform/db/schema(\\.ts$|/)", "(^|/)node_modules/drizzle-orm/"] },
    },
    {
      name: "modules-meet-at-front-doors",
      comment:
        "Another server module is reached only through its index.ts (its front door): export what you need there (a store or service function, a type, a route list) and import that.",
      severity: "error",
      from: { path: "^apps/server/src/modules/([^/]+)/", pathNot: "\\.test\\.tsx?$" },
      to: {
        path: MODULE_FILE,
        pathNot: ["^apps/server/src/modules/$1/", "^apps/server/src/modules/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "the-rest-meets-modules-at-front-doors",
      comment:
        "app.ts, server-runtime.ts, cli/, http/ and platform/ reach a module only through its index.ts: export what you need there.",
      severity: "error",
      from: { path: "^apps/server/src/", pathNot: ["^apps/server/src/modules/", "\\.test\\.tsx?$"] },
      to: { path: MODULE_FILE, pathNot: "^apps/server/src/modules/[^/]+/index\\.ts$" },
    },
    {
      name: "http-knows-no-modules",
      comment:
        "http/ is the bottom of the server's HTTP side: it imports platform/ and packages/, never a module. What it needs of a module (who is a merchant, a product page) is passed in by app.ts.",
      severity: "error",
      from: { path: "^apps/server/src/http/" },
      to: { path: "^apps/server/src/modules/" },
    },
    {
      name: "no-cycles-between-modules",
      comment:
        "Server modules depend one way: a cycle that leaves a module and comes back ties the modules together. Move the shared piece down (into the lower module or platform/), or pass a function in.",
      severity: "error",
      from: { path: "^apps/server/src/modules/([^/]+)/" },
      to: { circular: true, via: { pathNot: "^apps/server/src/modules/$1/" } },
    },
    {
      name: "layers-point-down",
      comment: "routes > services > stores: a store never imports a service or routes, a service never imports routes.",
      severity: "error",
      from: { path: "\\.(store|service)\\.ts$" },
      to: { path: "\\.routes\\.ts$" },
    },
    {
      name: "stores-import-no-services",
      comment: "routes > services > stores: a store never imports a service.",
      severity: "error",
      from: { path: "\\.store\\.ts$" },
      to: { path: "\\.service\\.ts$" },
    },
    {
      name: "platform-knows-no-modules",
      comment: "platform/ (db, ai, realtime, auth) is below the modules and never imports them.",
      severity: "error",
      from: { path: "^apps/server/src/platform/" },
      to: { path: MODULE_FILE },
    },
    {
      name: "server-imports-no-apps",
      comment: "The server imports only packages/: never the web app, e2e or bench.",
      severity: "error",
      from: { path: "^apps/server/" },
      to: { path: "^(apps/web|bench|e2e)/" },
    },
    {
      name: "bench-uses-the-testing-export",
      comment:
        "bench reaches the server only through apps/server/src/testing.ts (or over HTTP): add what it needs there.",
      severity: "error",
      from: { path: "^bench/" },
      to: { path: "^apps/server/", pathNot: "^apps/server/src/testing\\.ts$" },
    },
    {
      name: "no-circular",
      comment: "Import cycles make load order matter and modules inseparable.",
      severity: "error",
      from: { path: "^(apps|packages)/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^apps/web/dist/|(^|/)\\.artifacts/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
