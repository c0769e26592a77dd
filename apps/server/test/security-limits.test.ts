/**
 * One body limit for every route, capped realtime streams
 * (per account, per address, per process) that never starve /healthz, negotiation turns
 * limited per shopper and per address, and one active negotiation per cart in the database.
 */
import { request } from "node:http";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TOO_MANY_REQUESTS } from "../src/http/rate-limit-guard.ts";
import { isUniqueViolation } from "../src/platform/db/db-errors.ts";
import { negotiations } from "../src/platform/db/schema.ts";
import { HttpClient } from "./support/http-client.ts";
import { shopperWithCart, signUpShopper, startNegotiation, useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

function cookieOf(http: HttpClient): string {
  const jar = (http as unknown as { cookies: Map<string, string> }).cookies;
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** GET /api/realtime from `ip` (TRUST_PROXY is on): the status, and a way to hang up. */
async function openStream(http: HttpClient, ip: string) {
  const controller = new AbortController();
  const res = await fetch(`${http.baseUrl}/api/realtime`, {
    headers: { cookie: cookieOf(http), "x-forwarded-for": ip },
    signal: controller.signal,
  });
  const body = (res.status === 200 ? null : await res.json()) as { error: { message: string } } | null;
  if (res.status === 200 && res.body) {
    // Read the open stream as a browser does: an unread body can be garbage-collected, and the
    // client then hangs up on its own, giving the slot back mid-test (seen on a busy machine).
    const reader = res.body.getReader();
    void (async () => {
      try {
        while (!(await reader.read()).done) {
          // keep reading until the test closes it
        }
      } catch {
        // aborted by close()
      }
    })();
  }
  return { status: res.status, body, response: res, close: () => controller.abort() };
}

describe.each(DB_KINDS)("request bodies on the %s database", (kind) => {
  const shop = useShop(kind, { seed: false, env: { BODY_LIMIT_BYTES: String(64 * 1024) } });

  it("answers 413 with a sentence past the limit, on every route, declared size or streamed", async () => {
    const big = JSON.stringify({ messages: [{ role: "user", content: "x".repeat(100 * 1024) }] });
    const sentence = {
      code: "PAYLOAD_TOO_LARGE",
      message: "The request body is too large: at most 64 KB is accepted here.",
    };
    for (const path of [
      "/functions/v1/shop-assistant",
      "/functions/v1/negotiate-cart",
      "/api/auth/sign-up/email",
    ]) {
      const res = await rawPost(shop.server.baseUrl, path, [big], true);
      expect(res.status, path).toBe(413);
      expect(JSON.parse(res.body).error).toEqual(sentence);
    }
    // No Content-Length: the body streams in and is cut off past the limit.
    const chunks = Array.from({ length: 20 }, () => "y".repeat(8 * 1024));
    const streamed = await rawPost(shop.server.baseUrl, "/functions/v1/shop-assistant", chunks, false);
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body).error).toEqual(sentence);
    // Under the limit the route answers as before.
    const anonymous = new HttpClient(shop.server.baseUrl);
    expect((await anonymous.post("/functions/v1/shop-assistant", { messages: [] })).status).toBe(400);
    expect((await anonymous.get("/healthz")).status).toBe(200);
  });
});

/**
 * A POST whose answer is read even when the server answers before the body is sent and hangs
 * up (as it should past the limit; fetch reports that as a failure). With `declared`, the
 * body's length is sent up front; otherwise it is chunked.
 */
function rawPost(baseUrl: string, path: string, chunks: string[], declared: boolean) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const length = chunks.reduce((n, c) => n + Buffer.byteLength(c), 0);
    const req = request(`${baseUrl}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: baseUrl,
        ...(declared ? { "content-length": String(length) } : {}),
      },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => {
        body += d;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // Writing after the server hung up fails; the answer (or its absence) is what counts.
    req.on("error", (error) => setTimeout(() => reject(error), 2000));
    (async () => {
      for (const chunk of chunks) {
        if (req.destroyed) return;
        if (!req.write(chunk)) await new Promise((r) => req.once("drain", r));
      }
      req.end();
    })().catch(() => {});
  });
}

describe.each(DB_KINDS)("realtime streams on the %s database", (kind) => {
  const shop = useShop(kind, {
    seed: false,
    env: {
      REALTIME_STREAMS_PER_USER: "2",
      REALTIME_STREAMS_PER_IP: "3",
      REALTIME_STREAMS_TOTAL: "5",
      TRUST_PROXY: "1",
    },
  });

  it("caps streams per account, per address and per process with 429s, and /healthz still answers", async () => {
    const people = await Promise.all(
      ["A", "B", "C", "D", "E"].map(
        async (n) => (await signUpShopper(shop.server.baseUrl, `Streamer ${n}`)).http,
      ),
    );
    const [a, b, c, d, e] = people as [HttpClient, HttpClient, HttpClient, HttpClient, HttpClient];
    const open: { close: () => void }[] = [];
    const expectOpen = async (http: HttpClient, ip: string) => {
      const stream = await openStream(http, ip);
      expect(stream.status).toBe(200);
      open.push(stream);
      return stream;
    };
    try {
      const first = await expectOpen(a, "203.0.113.1");
      await expectOpen(a, "203.0.113.1");
      const perUser = await openStream(a, "203.0.113.9");
      expect(perUser.status).toBe(429);
      expect(perUser.body?.error.message).toMatch(/^Too many live connections are open for this account/);

      await expectOpen(b, "203.0.113.1");
      const perIp = await openStream(c, "203.0.113.1");
      expect(perIp.status).toBe(429);
      expect(perIp.body?.error.message).toMatch(/^Too many live connections are open from this address/);

      await expectOpen(c, "203.0.113.2");
      await expectOpen(d, "203.0.113.3");
      const total = await openStream(e, "203.0.113.4");
      expect(total.status).toBe(429);
      expect(total.body?.error.message).toMatch(/^The shop has too many live connections open/);

      const health = await fetch(`${shop.server.baseUrl}/healthz`);
      expect(health.status).toBe(200);

      // A closed stream gives its slot back (once the server has noticed the hang-up).
      first.close();
      let again = await openStream(e, "203.0.113.4");
      for (let tries = 0; again.status === 429 && tries < 100; tries++) {
        await new Promise((r) => setTimeout(r, 50));
        again = await openStream(e, "203.0.113.4");
      }
      expect(again.status).toBe(200);
      open.push(again);
    } finally {
      for (const stream of open) stream.close();
    }
  });
});

describe.each(DB_KINDS)("negotiation turns on the %s database", (kind) => {
  const shop = useShop(kind, {
    env: { NEGOTIATION_RATE_LIMIT_PER_MINUTE: "3", NEGOTIATION_RATE_LIMIT_PER_IP_PER_MINUTE: "5" },
  });

  it("are limited per shopper and per address with the 'Rate Limit' sentence and Retry-After", async () => {
    const product = shop.catalogue.find((p) => p.inStock && p.stockLevel >= 10);
    if (!product) throw new Error("no product in stock");
    const first = await shopperWithCart(shop.server.baseUrl, [product], "Chatty One");
    const second = await shopperWithCart(shop.server.baseUrl, [product], "Chatty Two");
    const firstId = await startNegotiation(first.http);
    const secondId = await startNegotiation(second.http);

    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await first.http.say(firstId, "hello")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await first.http.stream("/functions/v1/negotiate-cart", {
      negotiationId: firstId,
      messages: [{ role: "user", content: "hello again" }],
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toBe(TOO_MANY_REQUESTS);

    // The address has made 5 attempts: the other shopper gets none from it this minute.
    expect((await second.http.say(secondId, "hello")).status).toBe(429);
  });
});

describe.each(DB_KINDS)("negotiation starts on the %s database", (kind) => {
  const shop = useShop(kind);

  it("leave one active negotiation per cart, however many race, and the database refuses a second", async () => {
    const product = shop.catalogue.find((p) => p.inStock && p.stockLevel >= 10);
    if (!product) throw new Error("no product in stock");
    const { http } = await shopperWithCart(shop.server.baseUrl, [product], "Racing Starter");
    const starts = await Promise.all(Array.from({ length: 20 }, () => http.post("/api/negotiations", {})));
    expect(starts.filter((s) => s.status >= 500)).toEqual([]);
    const cartId = (await http.get("/api/cart")).json.id as string;
    const { db } = shop.server.database;
    const active = and(eq(negotiations.cartId, cartId), eq(negotiations.status, "active"));
    const [row] = await db.select({ n: count() }).from(negotiations).where(active);
    expect(row?.n).toBe(1);

    const [existing] = await db.select().from(negotiations).where(active);
    const second = await db
      .insert(negotiations)
      .values({ userId: existing?.userId as string, cartId, status: "active" })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(second, "negotiations_one_active_per_cart_uq")).toBe(true);
  });
});
