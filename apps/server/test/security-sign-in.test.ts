/**
 * Wrong passwords slow down one account from one address (backoff), never
 * lock the owner out; X-Forwarded-For counts only behind TRUST_PROXY; sign-ups are limited;
 * the rate-limit table forgets old counters.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "../src/platform/db/schema.ts";
import { pruneRateLimits } from "../src/platform/rate-limit.ts";
import { HttpClient, uniqueEmail } from "./support/http-client.ts";
import { useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

/** A client whose requests say they come from `ip` (believed only behind TRUST_PROXY). */
function from(baseUrl: string, ip: string) {
  const http = new HttpClient(baseUrl);
  const request = http.request.bind(http);
  http.request = (method, path, body, headers = {}) =>
    request(method, path, body, { ...headers, "x-forwarded-for": ip });
  return http;
}

describe.each(DB_KINDS)("sign-in throttling behind a proxy (TRUST_PROXY=1) on the %s database", (kind) => {
  const shop = useShop(kind, {
    seed: false,
    env: { TRUST_PROXY: "1", AUTH_RATE_LIMIT_PER_ACCOUNT: "3", SIGN_UP_RATE_LIMIT_PER_IP: "3" },
  });

  it("slows the attacker's address down while the owner elsewhere still signs in", async () => {
    const email = uniqueEmail("victim");
    expect((await from(shop.server.baseUrl, "198.51.100.10").signUp(email)).status).toBe(200);
    const attacker = from(shop.server.baseUrl, "203.0.113.66");
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await attacker.signIn(email, "wrong-pass")).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    const limited = await attacker.signIn(email);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    // The owner, from their own address, is not locked out by it.
    const owner = from(shop.server.baseUrl, "198.51.100.10");
    expect((await owner.signIn(email)).status).toBe(200);
    expect((await owner.get("/api/me")).status).toBe(200);
  });

  it("limits sign-ups per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await from(shop.server.baseUrl, "192.0.2.44").signUp(uniqueEmail("farm"))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await from(shop.server.baseUrl, "192.0.2.44").signUp(uniqueEmail("farm"));
    expect(refused.json.error.message).toBe(
      "Too many sign-ups from this address. Please wait a minute and try again.",
    );
    // Another address is another client.
    expect((await from(shop.server.baseUrl, "192.0.2.45").signUp(uniqueEmail("farm"))).status).toBe(200);
  });
});

describe.each(DB_KINDS)(
  "sign-in attempts counted before the password is checked, on the %s database",
  (kind) => {
    const shop = useShop(kind, {
      seed: false,
      env: {
        TRUST_PROXY: "1",
        AUTH_RATE_LIMIT_PER_IP: "1000",
        AUTH_RATE_LIMIT_PER_ACCOUNT: "3",
        AUTH_RATE_LIMIT_PER_ACCOUNT_ALL_ADDRESSES: "5",
      },
    });

    it("checks no more concurrent wrong passwords from one address than it would one after the other", async () => {
      const email = uniqueEmail("raced");
      expect((await from(shop.server.baseUrl, "198.51.100.20").signUp(email)).status).toBe(200);
      const attacker = from(shop.server.baseUrl, "203.0.113.70");
      const statuses = await Promise.all(
        Array.from({ length: 12 }, () => attacker.signIn(email, "wrong-pass").then((r) => r.status)),
      );
      expect(statuses.filter((s) => s === 401)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    });

    it("caps an account's attempts from every address together, while the owner's known browser still signs in", async () => {
      const email = uniqueEmail("targeted");
      // The owner signed up (and so signed in) from this browser: it is a known device.
      const owner = from(shop.server.baseUrl, "198.51.100.21");
      expect((await owner.signUp(email)).status).toBe(200);
      const statuses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          Promise.all(
            [0, 1].map(() => from(shop.server.baseUrl, `203.0.113.${100 + i}`).signIn(email, "wrong-pass")),
          ),
        ),
      );
      const all = statuses.flat().map((r) => r.status);
      // 10 addresses x 2 tries, under 3 free per address: only the account's 5 were checked.
      expect(all.filter((s) => s === 401)).toHaveLength(5);
      const refused = statuses.flat().find((r) => r.status === 429);
      expect(refused?.json.error.message).toMatch(
        /^Too many sign-in attempts for this account from other devices\./,
      );

      // Even with the right password, a browser never used for this account waits...
      const stranger = from(shop.server.baseUrl, "192.0.2.99");
      expect((await stranger.signIn(email)).status).toBe(429);
      // ...while the owner's browser passes, from wherever it is now, signed out (its session
      // cookie left behind: only the known-device cookie goes along).
      const jar = (http: HttpClient) => (http as unknown as { cookies: Map<string, string> }).cookies;
      const travelling = from(shop.server.baseUrl, "192.0.2.100");
      for (const [name, value] of jar(owner))
        if (name.startsWith("haggle_device_")) jar(travelling).set(name, value);
      expect(jar(travelling).size).toBe(1);
      expect((await travelling.signIn(email)).status).toBe(200);
      expect((await travelling.get("/api/me")).json.user.email).toBe(email);
    });
  },
);

describe.each(DB_KINDS)("sign-in throttling without TRUST_PROXY on the %s database", (kind) => {
  const shop = useShop(kind, {
    seed: false,
    env: { AUTH_RATE_LIMIT_PER_ACCOUNT: "3", SIGN_UP_RATE_LIMIT_PER_IP: "3" },
  });

  it("ignores X-Forwarded-For: rotating it does not escape the limits", async () => {
    const email = uniqueEmail("victim");
    await new HttpClient(shop.server.baseUrl).signUp(email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await from(shop.server.baseUrl, `203.0.113.${i}`).signIn(email, "wrong-pass")).status);
    expect(statuses.at(-1)).toBe(429);
    const signUps: number[] = [];
    for (let i = 0; i < 3; i++)
      signUps.push((await from(shop.server.baseUrl, `192.0.2.${i}`).signUp(uniqueEmail("farm"))).status);
    expect(signUps.at(-1)).toBe(429);
  });

  it("forgets counters untouched for a day", async () => {
    const { db } = shop.server.database;
    await db.insert(rateLimits).values([
      { key: "test:old", windowStart: sql`now() - interval '2 days'`, count: 3 },
      { key: "test:new", windowStart: sql`now()`, count: 3 },
    ]);
    expect(await pruneRateLimits(db)).toBeGreaterThanOrEqual(1);
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain("test:new");
    expect(keys).not.toContain("test:old");
  });
});
