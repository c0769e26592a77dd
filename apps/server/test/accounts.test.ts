import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session } from "../src/platform/db/schema.ts";
import { verifyEmail } from "./support/account-mail.ts";
import { HttpClient, uniqueEmail } from "./support/http-client.ts";
import { useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

describe.each(DB_KINDS)("accounts on the %s database", (kind) => {
  const shop = useShop(kind, {
    env: {
      AUTH_RATE_LIMIT_PER_ACCOUNT: "5",
      AUTH_RATE_LIMIT_PER_IP: "40",
      ADMIN_EMAILS: "boss@example.com",
    },
  });

  it("signs up with a full name, which lands in the profile as a New Customer", async () => {
    const http = new HttpClient(shop.server.baseUrl);
    const email = uniqueEmail();
    const res = await http.signUp(email, "secret123", "Ada Lovelace");
    expect(res.status).toBe(200);
    expect(res.json.user.email).toBe(email);
    const me = await http.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.json).toEqual({
      user: { id: res.json.user.id, email, name: "Ada Lovelace", emailVerified: false },
      profile: {
        name: "Ada Lovelace",
        email,
        loyaltyTier: "NONE",
        ordersCount: 0,
        lifetimeValue: 0,
        totalSavings: 0,
      },
      roles: [],
      // No holdout experiment runs: Ava negotiates with everyone.
      negotiation: true,
    });
    const session = await http.get("/api/auth/get-session");
    expect(session.json.user.email).toBe(email);
  });

  it("signs in, reports the session, and signs out", async () => {
    const email = uniqueEmail();
    await new HttpClient(shop.server.baseUrl).signUp(email);
    const http = new HttpClient(shop.server.baseUrl);
    // Signed out is an answer, not an error: 200 {user: null}, as api.md says.
    const anonymous = await http.get("/api/me");
    expect(anonymous.status).toBe(200);
    expect(anonymous.json).toEqual({ user: null });
    const signIn = await http.signIn(email);
    expect(signIn.status).toBe(200);
    expect((await http.get("/api/me")).json.user.email).toBe(email);
    const out = await http.post("/api/auth/sign-out", {});
    expect(out.status).toBe(200);
    expect((await http.get("/api/me")).json).toEqual({ user: null });
    expect((await http.get("/api/auth/get-session")).json).toBeNull();
  });

  it("reads the session row on every request: a session due for renewal is extended, an expired or deleted one ends at once", async () => {
    const email = uniqueEmail();
    const http = new HttpClient(shop.server.baseUrl);
    const { json } = await http.signUp(email);
    const db = shop.server.database.db;
    const rowOf = async () => (await db.select().from(session).where(eq(session.userId, json.user.id)))[0]!;
    expect((await http.get("/api/me")).json.user.email).toBe(email);
    // Two days into a week's session: past the one-day renewal age, so the request renews it.
    const twoDaysIn = new Date(Date.now() + 5 * 24 * 3600_000);
    await db.update(session).set({ expiresAt: twoDaysIn }).where(eq(session.userId, json.user.id));
    expect((await http.get("/api/me")).json.user.email).toBe(email);
    expect((await rowOf()).expiresAt.getTime()).toBeGreaterThan(twoDaysIn.getTime() + 24 * 3600_000);
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, json.user.id));
    expect((await http.get("/api/me")).json).toEqual({ user: null });
    const again = new HttpClient(shop.server.baseUrl);
    await again.signIn(email);
    expect((await again.get("/api/me")).json.user.email).toBe(email);
    await db.delete(session).where(eq(session.userId, json.user.id));
    expect((await again.get("/api/me")).json).toEqual({ user: null });
  });

  it("accepts the session as a bearer token", async () => {
    const email = uniqueEmail();
    const signUp = await new HttpClient(shop.server.baseUrl, null).signUp(email);
    const token = signUp.headers.get("set-auth-token") ?? signUp.json.token;
    expect(token).toBeTruthy();
    const api = new HttpClient(shop.server.baseUrl, null);
    const me = await api.get("/api/me", { authorization: `Bearer ${token}` });
    expect(me.status).toBe(200);
    expect(me.json.user.email).toBe(email);
  });

  it("refuses a duplicate email, a short password, a malformed email and a missing name with 4xx sentences", async () => {
    const email = uniqueEmail();
    const http = new HttpClient(shop.server.baseUrl);
    await http.signUp(email);
    const dup = await new HttpClient(shop.server.baseUrl).signUp(email);
    expect(dup.status).toBe(422);
    expect(dup.json.error.message).toMatch(/already exists/i);

    const short = await new HttpClient(shop.server.baseUrl).signUp(uniqueEmail(), "12345");
    expect(short.status).toBe(400);
    expect(short.json.error.message).toBe("Password must be at least 6 characters.");

    const malformed = await new HttpClient(shop.server.baseUrl).signUp("not-an-email", "secret123");
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.message).toBe("Please enter a valid email address.");

    const noName = await new HttpClient(shop.server.baseUrl).post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: "secret123",
      name: "  ",
    });
    expect(noName.status).toBe(400);
    expect(noName.json.error.message).toBe("Full name is required.");

    const notJson = await new HttpClient(shop.server.baseUrl).post("/api/auth/sign-in/email", "{oops");
    expect(notJson.status).toBe(400);
  });

  it("says the credentials are wrong without saying which", async () => {
    const email = uniqueEmail();
    await new HttpClient(shop.server.baseUrl).signUp(email);
    const wrong = await new HttpClient(shop.server.baseUrl).signIn(email, "wrong-password");
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.message).toMatch(/invalid email or password/i);
    const unknown = await new HttpClient(shop.server.baseUrl).signIn(uniqueEmail(), "whatever1");
    expect(unknown.status).toBe(401);
    expect(unknown.json.error.message).toBe(wrong.json.error.message);
  });

  it("rate-limits sign-in attempts per account with a 429 and a clear message", async () => {
    const email = uniqueEmail();
    await new HttpClient(shop.server.baseUrl).signUp(email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await new HttpClient(shop.server.baseUrl).signIn(email, "wrong-pass")).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const limited = await new HttpClient(shop.server.baseUrl).signIn(email);
    expect(limited.status).toBe(429);
    expect(limited.json.error.message).toBe("Too many sign-in attempts. Please wait a minute and try again.");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account from the same address is not punished for it.
    const other = uniqueEmail();
    await new HttpClient(shop.server.baseUrl).signUp(other);
    expect((await new HttpClient(shop.server.baseUrl).signIn(other)).status).toBe(200);
  });

  it("rate-limits sign-in attempts per IP", async () => {
    let last = 0;
    for (let i = 0; i < 45 && last !== 429; i++) {
      last = (await new HttpClient(shop.server.baseUrl).signIn(uniqueEmail(), "whatever1")).status;
    }
    expect(last).toBe(429);
  });

  it("keeps the admin functions for ADMIN_EMAILS and refuses cross-site cookie mutations", async () => {
    const anonymous = await new HttpClient(shop.server.baseUrl).post("/functions/v1/seed-data");
    expect(anonymous.status).toBe(401);
    const shopper = new HttpClient(shop.server.baseUrl);
    await shopper.signUp(uniqueEmail());
    const denied = await shopper.post("/functions/v1/seed-data");
    expect(denied.status).toBe(403);

    const boss = new HttpClient(shop.server.baseUrl);
    const signUp = await boss.signUp("boss@example.com");
    expect(signUp.status).toBe(200);
    await verifyEmail(boss, shop.server.baseUrl, "boss@example.com");
    const seeded = await boss.post("/functions/v1/seed-data");
    expect(seeded.status).toBe(200);
    expect(seeded.json.productsCreated).toBe(0);
    expect(seeded.json.productsTotal).toBe(180);
    expect((await boss.get("/api/products")).json.total).toBe(180);

    const evil = new HttpClient(shop.server.baseUrl, "https://evil.example");
    (evil as unknown as { cookies: Map<string, string> }).cookies = (
      boss as unknown as {
        cookies: Map<string, string>;
      }
    ).cookies;
    const crossSite = await evil.post("/functions/v1/seed-data");
    expect(crossSite.status).toBe(403);
  });
});
