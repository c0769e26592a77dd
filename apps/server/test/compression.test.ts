/** A fast first page: compressed answers, long-lived assets, ETags, streams left alone. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpShopper } from "./support/shop-fixtures.ts";
import { DB_KINDS, startTestServer, type TestServer } from "./support/test-server.ts";

/** A request as a browser sends it, read to its raw bytes: nothing decoded on the way. */
function get(
  url: string,
  headers: Record<string, string> = {},
  method = "GET",
  body?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; chunks: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(parts),
          chunks: parts.length,
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

function decoded(res: { headers: http.IncomingHttpHeaders; body: Buffer }): string {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(res.body).toString("utf8");
  if (encoding === "gzip") return gunzipSync(res.body).toString("utf8");
  return res.body.toString("utf8");
}

const SCRIPT = `export const words = ${JSON.stringify("haggle ".repeat(2000))};\n`;

/** A built web app with a hashed script and its build-time .br and .gz copies. */
function builtWebApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "haggle-web-dist-"));
  mkdirSync(path.join(dir, "assets"));
  mkdirSync(path.join(dir, ".vite"));
  const html = `<!doctype html><title>Haggle</title><meta name="description" content="${"x".repeat(1500)}"><div id=root></div>`;
  writeFileSync(path.join(dir, "index.html"), html);
  writeFileSync(path.join(dir, ".vite/manifest.json"), "{}");
  const script = path.join(dir, "assets/index-abc123.js");
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  return dir;
}

describe.each(DB_KINDS)("compression and caching on the %s database", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { WEB_DIST_DIR: builtWebApp() } });
  });
  afterAll(async () => server?.close());

  it("sends a built script's brotli or gzip copy as the browser accepts, cached for a year, and the plain file otherwise", async () => {
    const url = `${server.baseUrl}/assets/index-abc123.js`;
    const br = await get(url, { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(decoded(br)).toBe(SCRIPT);

    const gz = await get(url, { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(Number(gz.headers["content-length"])).toBe(gz.body.length);
    expect(decoded(gz)).toBe(SCRIPT);

    const plain = await get(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString("utf8")).toBe(SCRIPT);
  });

  it("compresses the page's HTML and the catalogue's JSON on the fly, with brotli or gzip", async () => {
    for (const [pathname, type] of [
      ["/", /^text\/html/],
      ["/api/products?pageSize=24", /^application\/json/],
    ] as const) {
      const plain = await get(`${server.baseUrl}${pathname}`);
      expect(plain.headers["content-encoding"], pathname).toBeUndefined();
      expect(plain.headers.vary, pathname).toMatch(/Accept-Encoding/i);
      for (const encoding of ["br", "gzip"]) {
        const res = await get(`${server.baseUrl}${pathname}`, { "Accept-Encoding": encoding });
        expect(res.status, pathname).toBe(200);
        expect(res.headers["content-type"], pathname).toMatch(type);
        expect(res.headers["content-encoding"], `${pathname} ${encoding}`).toBe(encoding);
        expect(Number(res.headers["content-length"])).toBe(res.body.length);
        expect(res.body.length).toBeLessThan(plain.body.length);
        expect(decoded(res)).toBe(plain.body.toString("utf8"));
      }
    }
    // q=0 refuses an encoding.
    const refused = await get(`${server.baseUrl}/api/products`, { "Accept-Encoding": "br;q=0, gzip" });
    expect(refused.headers["content-encoding"]).toBe("gzip");
    // Small answers go as they are.
    const small = await get(`${server.baseUrl}/healthz`, { "Accept-Encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("streams the assistant's reply uncompressed, in several pieces, even to a browser that accepts brotli", async () => {
    const res = await get(
      `${server.baseUrl}/functions/v1/shop-assistant`,
      {
        "Accept-Encoding": "gzip, deflate, br",
        "Content-Type": "application/json",
        Origin: server.baseUrl,
      },
      "POST",
      JSON.stringify({ messages: [{ role: "user", content: "Show me running shoes" }] }),
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.chunks).toBeGreaterThan(2);
    expect(res.body.toString("utf8")).toContain("data: [DONE]");
  });

  it("gives the catalogue's answers a weak ETag and answers 304 to a browser that holds them", async () => {
    for (const pathname of ["/api/products?category=Footwear", "/api/products"]) {
      const first = await get(`${server.baseUrl}${pathname}`, { "Accept-Encoding": "br" });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers["cache-control"]).toBe("public, no-cache");
      const again = await get(`${server.baseUrl}${pathname}`, {
        "If-None-Match": etag,
        "Accept-Encoding": "br",
      });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    const a = await get(`${server.baseUrl}/api/products?category=Footwear`);
    const b = await get(`${server.baseUrl}/api/products?category=Audio`);
    expect(a.headers.etag).not.toBe(b.headers.etag);
    const stale = await get(`${server.baseUrl}/api/products`, { "If-None-Match": 'W/"not-this"' });
    expect(stale.status).toBe(200);

    const { items } = JSON.parse(decoded(a)) as { items: { id: string; slug: string; imageUrl: string }[] };
    const product = items[0];
    if (!product) throw new Error("no product");
    for (const pathname of [`/api/products/${product.id}`, `/api/products/by-slug/${product.slug}`]) {
      const one = await get(`${server.baseUrl}${pathname}`);
      expect(one.status, pathname).toBe(200);
      const held = await get(`${server.baseUrl}${pathname}`, { "If-None-Match": String(one.headers.etag) });
      expect(held.status, pathname).toBe(304);
    }
    // A drawn picture: a day in the cache, then a 304.
    const picture = await get(`${server.baseUrl}${product.imageUrl}`);
    expect(picture.headers["cache-control"]).toBe("public, max-age=86400");
    const pictureAgain = await get(`${server.baseUrl}${product.imageUrl}`, {
      "If-None-Match": String(picture.headers.etag),
    });
    expect(pictureAgain.status).toBe(304);
  });

  it("keeps personal answers out of every cache: no ETag, private, no-store", async () => {
    const { http } = await signUpShopper(server.baseUrl);
    for (const pathname of ["/api/me", "/api/cart", "/api/orders"]) {
      const res = await http.get(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get("etag"), pathname).toBeNull();
      expect(res.headers.get("cache-control"), pathname).toBe("private, no-store");
    }
  });

  it("does not serve the build's manifest", async () => {
    expect((await get(`${server.baseUrl}/.vite/manifest.json`)).status).toBe(404);
  });
});
