// Bundles the server (apps/server/src and the workspace packages it imports, all TypeScript)
// into ES modules in apps/server/dist (index.js, and a chunk for each part loaded on demand)
// that plain `node` runs: no TypeScript loader and no esbuild process at run time. Packages
// from node_modules stay outside the bundle and are loaded from node_modules as usual.
import { readFile, rm } from "node:fs/promises";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
export const SERVER_ENTRY = "apps/server/src/index.ts";
/** The embedded database's worker thread: its own entry, found beside the bundle at run time. */
export const EMBEDDED_WORKER_ENTRY = "apps/server/src/platform/db/embedded-worker.ts";
/** A first start's creation of the embedded data folder, in a child process: its own entry too. */
export const CREATE_SHOP_DATA_ENTRY = "apps/server/src/create-shop-data.ts";
/** Applying the migrations and exiting (a Kubernetes Job, an init container): its own entry too. */
export const MIGRATE_ENTRY = "apps/server/src/migrate.ts";
export const SERVER_OUTDIR = "apps/server/dist";
export const SERVER_OUTFILE = `${SERVER_OUTDIR}/index.js`;

/** Bare imports are packages from node_modules, except the workspace's own TypeScript packages. */
const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@haggle/") ? undefined : { path: args.path, external: true },
    );
  },
};

/** esbuild's loader for a source file, by its extension. */
function loaderOf(file) {
  const extension = path.extname(file);
  if (extension === ".tsx" || extension === ".jsx") return extension.slice(1);
  return /^\.[cm]?ts$/.test(extension) ? "ts" : "js";
}

/**
 * Code that finds files beside itself (the migrations folder, the built web app) reads
 * import.meta.dirname. In the bundle that would be the bundle's folder; this rewrites it, in
 * each source file, to that file's own folder, found relative to the bundle, so the same code
 * works from src (tsx, tests) and from dist, and the checkout may move.
 */
function sourceLocations(outdir) {
  return {
    name: "source-locations",
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, "utf8");
        if (!/import\.meta\.(dirname|filename|url)\b/.test(source)) return undefined;
        const fromBundle = path.relative(outdir, path.dirname(args.path)).split(path.sep).join("/");
        const file = JSON.stringify(path.basename(args.path));
        const dir = `__sourceJoin(import.meta.dirname, ${JSON.stringify(fromBundle)})`;
        const contents = `import { join as __sourceJoin } from "node:path";\nimport { pathToFileURL as __sourceUrl } from "node:url";\n${source
          .replace(/import\.meta\.dirname\b/g, dir)
          .replace(/import\.meta\.filename\b/g, `__sourceJoin(${dir}, ${file})`)
          .replace(/import\.meta\.url\b/g, `__sourceUrl(__sourceJoin(${dir}, ${file})).href`)}`;
        return { contents, loader: loaderOf(args.path), resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/**
 * Builds the server bundle; returns the source files it was made from (relative to the
 * repository, forward slashes), so a later start can tell whether any of them changed.
 * @param {{ outdir?: string }} [options]
 * @returns {Promise<string[]>}
 */
export async function buildServer({ outdir = path.join(root, SERVER_OUTDIR) } = {}) {
  // Loaded here, not at the top: `npm start` with a current build never needs it.
  const esbuild = await import("esbuild");
  // A fresh folder: chunks of an older build must not linger.
  await rm(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [SERVER_ENTRY, EMBEDDED_WORKER_ENTRY, CREATE_SHOP_DATA_ENTRY, MIGRATE_ENTRY].map((entry) =>
      path.join(root, entry),
    ),
    outdir,
    // The entries beside each other (index.js, embedded-worker.js, create-shop-data.js, migrate.js), where
    // the chunks are too.
    entryNames: "[name]",
    bundle: true,
    // What the code imports on demand (e-mail templates, Stripe's client) stays out of index.js,
    // so the packages it needs load only when it does.
    splitting: true,
    // Chunks sit beside index.js: the folder the import.meta.dirname rewrite below counts from.
    chunkNames: "[name]-[hash]",
    platform: "node",
    format: "esm",
    target: "node20.19",
    jsx: "automatic",
    // Error classes and the like keep their names when the bundle renames clashing symbols.
    keepNames: true,
    metafile: true,
    logLevel: "warning",
    plugins: [externalPackages, sourceLocations(outdir)],
  });
  return Object.keys(result.metafile.inputs)
    .filter((input) => !input.includes("node_modules/"))
    .map((input) => input.split(path.sep).join("/"))
    .sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const started = performance.now();
  const inputs = await buildServer();
  console.log(`server bundled from ${inputs.length} files in ${Math.round(performance.now() - started)} ms`);
}
