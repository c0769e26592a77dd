/**
 * Shoppers' agents at scale: an embedded shop with BENCH_AGENT_PRODUCTS generated products
 * (120,000 by default, inserted by SQL on top of the seeded 180), then each MCP tool an agent
 * uses and the ACP routes, timed one request at a time over HTTP against the real server
 * process. Prints p50 and max per call; asserts nothing.
 *
 * Run: npm run bench:agents-scale -w @haggle/bench
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { sql } from "drizzle-orm";
import { insertGeneratedProductsSql, openDatabase } from "../apps/server/src/testing.ts";
import { startServer } from "./lib/server-process.ts";
import { Shopper } from "./lib/shopper.ts";

const PRODUCTS = Number(process.env.BENCH_AGENT_PRODUCTS ?? 120_000);
const PORT = Number(process.env.BENCH_PORT ?? 3390);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const BATCH = 25_000;

async function timed(label: string, run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(40)} p50 ${times[Math.floor(times.length / 2)]!.toFixed(0).padStart(6)} ms   max ${times.at(-1)!.toFixed(0).padStart(6)} ms`,
  );
}

/** BENCH_DATA_DIR keeps the shop (and reuses it when it exists): the insert takes minutes. */
const kept = process.env.BENCH_DATA_DIR;
const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), "haggle-agents-scale-"));
try {
  if (!kept || !existsSync(path.join(kept, "pglite"))) {
    // The first start creates and seeds the folder.
    const first = await startServer({ port: PORT, dataDir });
    await first.stop();
    const database = await openDatabase({ dataDir });
    const started = performance.now();
    for (let n = 1; n <= PRODUCTS; n += BATCH)
      await database.db.execute(insertGeneratedProductsSql(n, Math.min(BATCH, PRODUCTS - n + 1)));
    await database.db.execute(sql`vacuum analyze`);
    await database.close();
    console.log(`inserted ${PRODUCTS} products in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  const server = await startServer({
    port: PORT,
    dataDir,
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
  });
  const shopper = new Shopper(server.baseUrl);
  await shopper.call("POST", "/api/auth/sign-up/email", {
    email: `agent.${Date.now()}@example.com`,
    password: "secret123",
    name: "Agent",
  });
  const keyAnswer = await shopper.request("POST", "/api/account/api-keys", { name: "bench" });
  const key = (keyAnswer.json as { key: string }).key;
  const client = new Client({ name: "agents-at-scale", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/mcp", server.baseUrl), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    }),
  );
  const call = (name: string, args: Record<string, unknown> = {}) =>
    client.callTool({ name, arguments: args });
  const found = (await call("search_products", { query: "headphones" })) as {
    structuredContent?: { products?: { id: string }[] };
  };
  const productId = found.structuredContent?.products?.[0]?.id ?? "";
  const get = (path: string) => async () => (await fetch(`${server.baseUrl}${path}`)).arrayBuffer();
  // The same machine's trivial route and the web's own catalogue routes, for scale.
  await timed("web /healthz", get("/healthz"));
  await timed("web /api/products?q=headphones", get("/api/products?q=headphones"));
  await timed("web /api/products?category=Audio", get("/api/products?category=Audio"));
  await timed("mcp tools/list", () => client.listTools());
  await timed("mcp resources haggle://categories", () => client.readResource({ uri: "haggle://categories" }));
  await timed("mcp resources haggle://policies", () => client.readResource({ uri: "haggle://policies" }));
  await timed("mcp search_products headphones", () => call("search_products", { query: "headphones" }));
  await timed("mcp search_products category Audio", () => call("search_products", { category: "Audio" }));
  await timed("mcp search_products under $50", () =>
    call("search_products", { query: "lamp", maxPrice: 50 }),
  );
  await timed("mcp get_product", () => call("get_product", { productId }));
  await timed("mcp get_cart", () => call("get_cart"));
  await timed("mcp update_cart", () => call("update_cart", { items: [{ productId, quantity: 1 }] }));
  await timed("mcp list_orders", () => call("list_orders"));
  await timed("acp feed", async () => (await fetch(`${server.baseUrl}/acp/feed`)).arrayBuffer());
  let n = 0;
  await timed("acp create session", async () =>
    (
      await fetch(`${server.baseUrl}/acp/checkout_sessions`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${key}`,
          "api-version": "2025-09-29",
          "idempotency-key": `k-${Date.now()}-${n++}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ items: [{ id: productId, quantity: 1 }] }),
      })
    ).text(),
  );
  await client.close();
  await server.stop();
} finally {
  if (!kept) rmSync(dataDir, { recursive: true, force: true });
}
