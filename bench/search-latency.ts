/**
 * Hybrid product search latency (apps/server/src/modules/catalog/search-products.store.ts), measured
 * in-process on searchProducts itself: at the seeded 180 products and at a large catalogue
 * (100,000 by default: the seed, then the shop's one generated catalogue, generatedProductsSql), on a fresh embedded database (pgvector path) and, with BENCH_DATABASE_URL, on a
 * fresh PostgreSQL database (exact in-process path when the server has no pgvector). Every
 * product carries a local-embedder vector, made in batches. The query mix is the labelled set of
 * the search quality test (words, typos, synonyms, filters, sorts, nonsense), cycled.
 * Prints figures; asserts nothing. Run: npm run bench:search
 *
 * Environment: BENCH_SEARCH_PRODUCTS (100000), BENCH_SEARCH_QUERIES (200), BENCH_BUILD_SECONDS
 * (240: a budget per database for building the large catalogue; when it runs out the catalogue
 * is measured at the size reached, and the output says so), BENCH_SEARCH_INDEXES=1 (also
 * measure the large catalogues with the indexes proposed for search, which the schema does not
 * have yet: GIN on tags, and HNSW on the local embedder's vectors where pgvector exists).
 */
import { EMPTY_FILTERS } from "@haggle/domain/assistant/shopping-request";
import { toCents } from "@haggle/domain/pricing/money";
import { sql } from "drizzle-orm";
import {
  embedTexts,
  LOCAL_EMBEDDING_MODEL,
  productEmbeddingText,
  type Database,
  openDatabase,
  products,
  buildCatalogue,
  type SeedProduct,
  embedMissingProducts,
  type GeneratedProductRow,
  generatedProductsSql,
  searchProducts,
  seedCatalogue,
  productImagePath,
  SEARCH_QUERIES,
} from "../apps/server/src/testing.ts";
import { withFreshServerDatabase } from "./lib/server-process.ts";

const LARGE = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 100_000);
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 200);
const BUILD_SECONDS = Number(process.env.BENCH_BUILD_SECONDS ?? 240);
const WITH_INDEXES = process.env.BENCH_SEARCH_INDEXES === "1";
const BATCH = 1000;
const WARM_UP = 10;

/**
 * Products `from` .. `from + count - 1` of the large catalogue: the 180 seeded products first,
 * unchanged, then the one generated catalogue (the shop's own generator, as the scale benches
 * and query plans use), read from the database without writing them.
 */
async function largeCatalogueBatch(
  database: Database,
  seed: readonly SeedProduct[],
  from: number,
  count: number,
): Promise<SeedProduct[]> {
  const seeded = seed.slice(from, from + count);
  const rest = count - seeded.length;
  if (rest <= 0) return seeded;
  const start = Math.max(from, seed.length) - seed.length + 1;
  const { rows } = (await database.db.execute(generatedProductsSql(start, rest))) as unknown as {
    rows: GeneratedProductRow[];
  };
  return [
    ...seeded,
    ...rows.map((r) => ({
      sku: r.sku,
      name: r.name,
      description: r.description,
      brand: r.brand,
      category: r.category,
      priceCents: toCents(r.price),
      listPriceCents: toCents(r.list_price),
      rating: Number(r.rating),
      reviewCount: Number(r.review_count),
      stockLevel: Number(r.stock_level),
      demandIndex: Number(r.demand_index),
      tags: r.tags,
    })),
  ];
}

interface Built {
  products: number;
  seconds: number;
  indexSeconds: number | null;
  truncated: boolean;
}

/**
 * Inserts the generated catalogue with its vectors (embedded here, 1,000 at a time, with the
 * local embedder): one write per row, where inserting and then embedding would write each row
 * twice.
 */
async function buildLarge(database: Database, target: number, indexes: boolean): Promise<Built> {
  const seed = buildCatalogue();
  const started = performance.now();
  let inserted = 0;
  let truncated = false;
  while (inserted < target) {
    if (performance.now() - started > BUILD_SECONDS * 1000) {
      truncated = true;
      break;
    }
    const batch = await largeCatalogueBatch(database, seed, inserted, Math.min(BATCH, target - inserted));
    const { vectors, model } = await embedTexts(null, batch.map(productEmbeddingText));
    await database.db.insert(products).values(
      batch.map((p, i) => ({
        sku: p.sku,
        name: p.name,
        description: p.description,
        brand: p.brand,
        category: p.category,
        price: p.priceCents,
        listPrice: p.listPriceCents,
        imageUrl: productImagePath(p.sku),
        rating: p.rating,
        reviewCount: p.reviewCount,
        stockLevel: p.stockLevel,
        demandIndex: p.demandIndex,
        tags: p.tags,
        embedding: vectors[i] ?? null,
        embeddingModel: model,
      })),
    );
    inserted += batch.length;
  }
  const seconds = (performance.now() - started) / 1000;
  let indexSeconds: number | null = null;
  if (indexes) {
    const t = performance.now();
    await createProposedIndexes(database);
    indexSeconds = (performance.now() - t) / 1000;
  }
  // What autovacuum would have done by now on a server (PGlite has none): GIN pending lists
  // merged, statistics for the planner.
  await database.db.execute(sql`vacuum analyze products`);
  return { products: inserted, seconds, indexSeconds, truncated };
}

/** The indexes the search report proposes (not in the schema): only on this throwaway database. */
async function createProposedIndexes(database: Database) {
  await database.db.execute(sql`create index products_tags_gin_idx on products using gin (tags)`);
  if (database.hasPgvector) {
    await database.db.execute(
      sql.raw(
        `create index products_embedding_local_hnsw_idx on products using hnsw ((embedding::vector(256)) vector_cosine_ops) where embedding_model = '${LOCAL_EMBEDDING_MODEL}'`,
      ),
    );
  }
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
}

async function measure(database: Database): Promise<Timing> {
  const deps = { db: database.db, hasPgvector: database.hasPgvector, ai: null };
  const run = async (i: number) => {
    const q = SEARCH_QUERIES[i % SEARCH_QUERIES.length]!;
    const started = performance.now();
    await searchProducts(deps, {
      text: q.text,
      filters: { ...EMPTY_FILTERS, ...q.filters },
      sort: q.sort ?? "relevance",
      limit: 10,
      targetPrice: q.targetPrice ?? null,
    });
    return { ms: performance.now() - started, kind: q.kind };
  };
  // The first search loads the shop's vocabulary and, on the exact path, every stored vector.
  const first = await run(0);
  for (let i = 1; i < WARM_UP; i++) await run(i);
  const samples: { ms: number; kind: string }[] = [];
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
  };
}

interface Row {
  database: string;
  path: string;
  products: number;
  indexes: boolean;
  build: string;
  timing: Timing;
}

async function benchOne(
  label: string,
  open: () => Promise<Database>,
  size: number | "seed",
  indexes = false,
): Promise<Row> {
  const database = await open();
  const path = database.hasPgvector ? "pgvector" : "exact, in process";
  try {
    if (size === "seed") {
      await seedCatalogue(database.db);
      const t = performance.now();
      await embedMissingProducts({ db: database.db, ai: null }, { batchSize: 32 });
      await database.db.execute(sql`vacuum analyze products`);
      const build = `embedMissingProducts ${((performance.now() - t) / 1000).toFixed(1)} s`;
      return { database: label, path, products: 180, indexes, build, timing: await measure(database) };
    }
    const built = await buildLarge(database, size, indexes);
    let build = `insert + embed ${built.seconds.toFixed(0)} s`;
    if (built.indexSeconds !== null) build += ` + indexes ${built.indexSeconds.toFixed(0)} s`;
    if (built.truncated) build += `; the ${BUILD_SECONDS} s build budget ran out before ${size} products`;
    console.log(`${label}${indexes ? " with proposed indexes" : ""}: ${built.products} products (${build})`);
    return {
      database: label,
      path,
      products: built.products,
      indexes,
      build,
      timing: await measure(database),
    };
  } finally {
    await database.close();
  }
}

console.log(
  `# Search latency (${QUERIES} searches per catalogue, in-process, limit 10, after ${WARM_UP} warm-up searches)`,
);
const sizes = ["seed", LARGE] as const;
const rows: Row[] = [];
for (const size of sizes) rows.push(await benchOne("embedded PGlite", () => openDatabase({}), size));
if (WITH_INDEXES) rows.push(await benchOne("embedded PGlite", () => openDatabase({}), LARGE, true));
const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  const onServer = (size: number | "seed", indexes = false) =>
    withFreshServerDatabase(serverUrl, (url) =>
      benchOne("PostgreSQL server", () => openDatabase({ databaseUrl: url }), size, indexes),
    );
  for (const size of sizes) rows.push(await onServer(size));
  if (WITH_INDEXES) rows.push(await onServer(LARGE, true));
}

console.log("");
console.log(
  "| database | vector path | products | proposed indexes | p50 ms | p95 ms | max ms | typo p50 ms | first search ms | p50 vs 180 | p95 vs 180 | build |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const row of rows) {
  const small = rows.find((r) => r.database === row.database && r.products === 180)?.timing;
  const ratio = (a: number, b: number | undefined) => (b ? `${(a / b).toFixed(1)}x` : "-");
  const t = row.timing;
  console.log(
    `| ${row.database} | ${row.path} | ${row.products.toLocaleString("en-US")} | ${row.indexes ? "yes" : "no"} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.max.toFixed(1)} | ${t.typoP50.toFixed(1)} | ${t.firstMs.toFixed(0)} | ${ratio(t.p50, small?.p50)} | ${ratio(t.p95, small?.p95)} | ${row.build} |`,
  );
}
const truncated = rows.filter((r) => r.build.includes("budget"));
if (truncated.length > 0) {
  console.log(
    `\nNote: building ${LARGE.toLocaleString("en-US")} products did not fit the ${BUILD_SECONDS} s budget on: ${[...new Set(truncated.map((r) => r.database))].join(", ")}; those figures are for the size reached (raise BENCH_BUILD_SECONDS to go further).`,
  );
}
