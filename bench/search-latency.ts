/**
 * Hybrid product search latency (apps/server/src/services/search-products.ts), measured
 * in-process on searchProducts itself: at the seeded 180 products and at a large generated
 * catalogue (100,000 by default: the seed multiplied with name, colour and price variations),
 * on a fresh embedded database (pgvector path) and, with BENCH_DATABASE_URL, on a fresh
 * PostgreSQL database (exact path when the server has no pgvector). Every product is embedded
 * with the local embedder, in batches. The query mix is the labelled set of the search quality
 * test (words, typos, synonyms, filters, sorts, nonsense), cycled.
 * Prints figures; asserts nothing. Run: npm run bench:search
 *
 * BENCH_SEARCH_PRODUCTS (100000), BENCH_SEARCH_QUERIES (200), BENCH_BUILD_SECONDS (a budget per
 * database for building the large catalogue; when it runs out the catalogue is measured at the
 * size reached, and the output says so).
 */
import { EMPTY_FILTERS } from "@haggle/domain/shopping-request";
import { toDecimalString } from "@haggle/domain/money";
import { count, isNotNull } from "drizzle-orm";
import { SEARCH_QUERIES } from "../apps/server/test/fixtures/search-queries.ts";
import { type Database, openDatabase } from "../apps/server/src/db/client.ts";
import { products } from "../apps/server/src/db/schema.ts";
import { buildCatalogue, type SeedProduct } from "../apps/server/src/db/seed/catalogue.ts";
import { embedMissingProducts } from "../apps/server/src/services/product-embeddings.ts";
import { searchProducts } from "../apps/server/src/services/search-products.ts";
import { productImagePath, seedCatalogue } from "../apps/server/src/services/seed-catalogue.ts";
import { withFreshServerDatabase } from "./lib/server-process.ts";

const LARGE = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 100_000);
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 200);
const BUILD_SECONDS = Number(process.env.BENCH_BUILD_SECONDS ?? 240);
const INSERT_BATCH = 1000;
const EMBED_BATCH = 500;
const WARM_UP = 10;

const EDITIONS = ["Pro", "Lite", "Plus", "Max", "Mini", "Classic", "Sport", "Travel", "Eco", "Prime", "Studio", "Flex"];
const COLOURS = ["Black", "White", "Slate", "Navy", "Olive", "Sand", "Red", "Teal", "Graphite", "Ivory", "Rust"];

/** Product n of the large catalogue: the seed product n mod 180, itself for the first 180, then varied. */
function variant(seed: readonly SeedProduct[], n: number) {
  const base = seed[n % seed.length]!;
  const v = Math.floor(n / seed.length);
  if (v === 0) return { ...base };
  const edition = EDITIONS[v % EDITIONS.length]!;
  const colour = COLOURS[Math.floor(v / EDITIONS.length) % COLOURS.length]!;
  // Deterministic jitter: +-20% on price, +-0.3 on rating, so sorts and bounds have work to do.
  const jitter = ((n * 2654435761) >>> 0) / 4294967296;
  const list = Math.max(99, Math.round((base.listPriceCents * (0.8 + 0.4 * jitter)) / 100) * 100 - 1);
  const ratio = base.priceCents / base.listPriceCents;
  return {
    ...base,
    sku: `${base.sku}-V${v}`,
    name: `${base.name} ${edition} (${colour})`,
    description: `${base.description} The ${edition.toLowerCase()} edition in ${colour.toLowerCase()}.`,
    listPriceCents: list,
    priceCents: Math.max(99, Math.floor((list * ratio) / 100) * 100 - 1),
    rating: Math.min(5, Math.max(1, Math.round((base.rating + (jitter - 0.5) * 0.6) * 10) / 10)),
    stockLevel: v % 17 === 0 ? 0 : base.stockLevel,
  };
}

interface Built {
  products: number;
  insertSeconds: number;
  embedSeconds: number;
  truncated: boolean;
}

async function buildLarge(database: Database, target: number): Promise<Built> {
  const seed = buildCatalogue();
  const deadline = performance.now() + BUILD_SECONDS * 1000;
  let t = performance.now();
  let inserted = 0;
  let truncated = false;
  while (inserted < target) {
    // Keep about a third of the budget for embedding what was inserted.
    if (performance.now() > deadline - (BUILD_SECONDS * 1000) / 3) {
      truncated = true;
      break;
    }
    const rows = [];
    for (let n = inserted; n < Math.min(target, inserted + INSERT_BATCH); n++) {
      const p = variant(seed, n);
      rows.push({
        sku: p.sku,
        name: p.name,
        description: p.description,
        brand: p.brand,
        category: p.category,
        price: toDecimalString(p.priceCents),
        listPrice: toDecimalString(p.listPriceCents),
        imageUrl: productImagePath(p.sku),
        rating: p.rating,
        reviewCount: p.reviewCount,
        stockLevel: p.stockLevel,
        demandIndex: p.demandIndex,
        tags: p.tags,
      });
    }
    await database.db.insert(products).values(rows);
    inserted += rows.length;
  }
  const insertSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  await embedMissingProducts({ db: database.db, ai: null }, { batchSize: EMBED_BATCH });
  const embedSeconds = (performance.now() - t) / 1000;
  return { products: inserted, insertSeconds, embedSeconds, truncated };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Timing {
  p50: number;
  p95: number;
  max: number;
  firstMs: number;
  typoP50: number;
  emptyResults: number;
}

async function measure(database: Database): Promise<Timing> {
  const deps = { db: database.db, hasPgvector: database.hasPgvector, ai: null };
  const run = async (i: number) => {
    const q = SEARCH_QUERIES[i % SEARCH_QUERIES.length]!;
    const started = performance.now();
    const result = await searchProducts(deps, {
      text: q.text,
      filters: { ...EMPTY_FILTERS, ...q.filters },
      sort: q.sort ?? "relevance",
      limit: 10,
      targetPrice: q.targetPrice ?? null,
    });
    return { ms: performance.now() - started, kind: q.kind, empty: result.items.length === 0 };
  };
  // The first search on the exact path loads every stored vector into this process's cache.
  const first = await run(0);
  for (let i = 1; i < WARM_UP; i++) await run(i);
  const samples: { ms: number; kind: string; empty: boolean }[] = [];
  for (let i = 0; i < QUERIES; i++) samples.push(await run(i));
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  const typos = samples
    .filter((s) => s.kind === "typo")
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  return {
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    max: all.at(-1) ?? 0,
    firstMs: first.ms,
    typoP50: percentile(typos, 50),
    emptyResults: samples.filter((s) => s.empty).length,
  };
}

interface Row {
  database: string;
  path: string;
  products: number;
  build: string;
  timing: Timing;
}

async function benchDatabase(label: string, open: () => Promise<Database>, size: number | "seed"): Promise<Row> {
  const database = await open();
  const path = database.hasPgvector ? "pgvector" : "exact, in process";
  try {
    if (size === "seed") {
      await seedCatalogue(database.db);
      const t = performance.now();
      await embedMissingProducts({ db: database.db, ai: null }, { batchSize: 32 });
      const build = `embed ${((performance.now() - t) / 1000).toFixed(1)} s`;
      return { database: label, path, products: 180, build, timing: await measure(database) };
    }
    const built = await buildLarge(database, size);
    const [embedded] = await database.db.select({ n: count() }).from(products).where(isNotNull(products.embedding));
    let build = `insert ${built.insertSeconds.toFixed(0)} s + embed ${built.embedSeconds.toFixed(0)} s (${embedded?.n ?? 0} vectors)`;
    if (built.truncated) build += `; the ${BUILD_SECONDS} s build budget ran out before ${size} products`;
    console.log(`${label}: built ${built.products} products (${build})`);
    return { database: label, path, products: built.products, build, timing: await measure(database) };
  } finally {
    await database.close();
  }
}

console.log(`# Search latency (${QUERIES} searches per catalogue, in-process, limit 10, after ${WARM_UP} warm-up searches)`);
const rows: Row[] = [];
for (const size of ["seed", LARGE] as const) {
  rows.push(await benchDatabase("embedded PGlite", () => openDatabase({}), size));
}
const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  for (const size of ["seed", LARGE] as const) {
    rows.push(
      await withFreshServerDatabase(serverUrl, (url) =>
        benchDatabase("PostgreSQL server", () => openDatabase({ databaseUrl: url }), size),
      ),
    );
  }
}

console.log("");
console.log("| database | vector path | products | p50 ms | p95 ms | max ms | typo p50 ms | first search ms | p50 vs 180 | p95 vs 180 | build |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const row of rows) {
  const small = rows.find((r) => r.database === row.database && r.products === 180)?.timing;
  const ratio = (a: number, b: number | undefined) => (b ? `${(a / b).toFixed(1)}x` : "-");
  const t = row.timing;
  console.log(
    `| ${row.database} | ${row.path} | ${row.products.toLocaleString("en-US")} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.max.toFixed(1)} | ${t.typoP50.toFixed(1)} | ${t.firstMs.toFixed(0)} | ${ratio(t.p50, small?.p50)} | ${ratio(t.p95, small?.p95)} | ${row.build} |`,
  );
}
const truncated = rows.filter((r) => r.build.includes("budget"));
if (truncated.length > 0) {
  console.log(
    `\nNote: building ${LARGE.toLocaleString("en-US")} products did not fit the ${BUILD_SECONDS} s budget on: ${truncated.map((r) => r.database).join(", ")}; figures are for the size reached (raise BENCH_BUILD_SECONDS to go further).`,
  );
}
