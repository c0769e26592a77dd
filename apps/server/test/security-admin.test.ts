/**
 * A fresh shop cannot be taken over, it is claimed once with the
 * setup code from the start-up log, and roles are granted and revoked by an admin (audited);
 * roles granted in demo mode end with demo mode.
 */
import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { hashSetupCode, WRONG_CODE } from "../src/modules/admin/roles.service.ts";
import { appSettings } from "../src/platform/db/schema.ts";
import { parseEnv } from "../src/env.ts";
import { startRuntime } from "../src/server-runtime.ts";
import { NOT_ADMIN } from "../src/http/guard.ts";
import { HttpClient, uniqueEmail } from "./support/http-client.ts";
import { signUpShopper, useShop } from "./support/shop-fixtures.ts";
import { useServiceDatabase } from "./support/service-shop.ts";
import { DB_KINDS, startTestServer } from "./support/test-server.ts";

/** Who claimed each suite's shop (the claim test runs first in its suite). */
const claimed = new Map<string, { admin: HttpClient; email: string; id: string }>();

function adminOf(baseUrl: string) {
  const found = claimed.get(baseUrl);
  if (!found) throw new Error("the shop was not claimed in this suite");
  return found;
}

/** What an attacker tries first on a fresh shop, each of which must be refused. */
const TAKEOVER: [method: string, path: string, body?: unknown][] = [
  ["POST", "/functions/v1/assign-merchant-role"],
  ["POST", "/functions/v1/seed-data"],
  ["GET", "/api/admin/status"],
  ["GET", "/api/admin/roles"],
  ["POST", "/api/admin/roles", { email: "x@example.com", role: "admin" }],
  ["GET", "/api/merchant/orders"],
  ["GET", "/api/merchant/approvals?status=pending"],
  ["PUT", "/api/merchant/config/negotiation_limits", { maxAutoDiscountPct: 90 }],
];

describe.each(DB_KINDS)("a fresh shop on the %s database (no ADMIN_EMAILS, no DEMO_MODE)", (kind) => {
  const shop = useShop(kind, { bare: true, seed: false });

  it("refuses a stranger who signs up every admin and merchant power, with a sentence saying who may", async () => {
    const { http: stranger } = await signUpShopper(shop.server.baseUrl, "Stranger");
    for (const [method, path, body] of TAKEOVER) {
      const res = await stranger.request(method, path, body ?? (method === "GET" ? undefined : {}));
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const refused = await stranger.post("/functions/v1/assign-merchant-role");
    expect(refused.json.error.message).toBe(NOT_ADMIN);
    expect((await stranger.get("/api/me")).json.roles).toEqual([]);
    expect((await stranger.get("/api/shop-mode")).json).toEqual({ demoMode: false });
  });

  it("is claimed once with the setup code: the claimant becomes admin and merchant, the code then fails", async () => {
    const code = shop.server.setupCode;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const { http: guesser } = await signUpShopper(shop.server.baseUrl, "Guesser");
    const wrong = await guesser.post("/api/admin/claim", { code: "AAAA-BBBB-CCCC" });
    expect(wrong.status).toBe(403);
    expect(wrong.json.error.message).toBe(WRONG_CODE);

    // Several accounts racing with the right code: exactly one becomes the admin.
    const racers = await Promise.all(
      [1, 2, 3, 4].map(async (n) => (await signUpShopper(shop.server.baseUrl, `Racer ${n}`)).http),
    );
    const claims = await Promise.all(racers.map((http) => http.post("/api/admin/claim", { code })));
    expect(claims.map((c) => c.status).sort()).toEqual([200, 403, 403, 403]);
    const index = claims.findIndex((c) => c.status === 200);
    const owner = racers[index] as HttpClient;
    expect(claims[index]?.json).toEqual({ roles: ["merchant", "admin"] });
    const me = (await owner.get("/api/me")).json;
    expect(me.roles).toEqual(["merchant", "admin"]);
    claimed.set(shop.server.baseUrl, { admin: owner, email: me.user.email, id: me.user.id });
    expect((await owner.get("/api/merchant/orders")).status).toBe(200);
    expect((await owner.get("/api/admin/status")).status).toBe(200);

    // Used up: typed again (any case, spaces), it is refused, and the loser gained nothing.
    const again = await guesser.post("/api/admin/claim", { code: ` ${code?.toLowerCase()} ` });
    expect(again.status).toBe(403);
    expect((await guesser.get("/api/me")).json.roles).toEqual([]);
    expect((await guesser.post("/functions/v1/assign-merchant-role")).status).toBe(403);
  });

  it("lets the admin grant and revoke roles, listed with who granted them and audited", async () => {
    const roles = adminOf(shop.server.baseUrl);
    const { email: otherEmail } = await signUpShopper(shop.server.baseUrl, "Other");

    const { http: clerk, email: clerkEmail } = await signUpShopper(shop.server.baseUrl, "Clerk");
    expect((await clerk.get("/api/merchant/orders")).status).toBe(403);
    const granted = await roles.admin.post("/api/admin/roles", {
      email: clerkEmail.toUpperCase(),
      role: "merchant",
    });
    expect(granted.status).toBe(201);
    expect(
      (await roles.admin.post("/api/admin/roles", { email: clerkEmail, role: "merchant" })).json,
    ).toMatchObject({
      alreadyAssigned: true,
    });
    expect((await clerk.get("/api/merchant/orders")).status).toBe(200);
    // A merchant is no admin.
    expect((await clerk.post("/api/admin/roles", { email: otherEmail, role: "merchant" })).status).toBe(403);

    const listed = (await roles.admin.get("/api/admin/roles")).json;
    const holder = listed.holders.find((h: { email: string }) => h.email === clerkEmail);
    expect(holder).toMatchObject({ role: "merchant", source: "admin", active: true, grantedBy: roles.email });
    expect(Date.parse(holder.grantedAt)).not.toBeNaN();

    const revoked = await roles.admin.request("DELETE", `/api/admin/roles/${granted.json.userId}/merchant`);
    expect(revoked.status).toBe(200);
    expect((await clerk.get("/api/merchant/orders")).status).toBe(403);
    expect(
      (await roles.admin.request("DELETE", `/api/admin/roles/${granted.json.userId}/merchant`)).status,
    ).toBe(404);
    const unknown = await roles.admin.post("/api/admin/roles", {
      email: uniqueEmail("nobody"),
      role: "admin",
    });
    expect(unknown.status).toBe(404);

    const audit = (await roles.admin.get("/api/admin/roles")).json.audit as {
      action: string;
      role: string;
      userEmail: string;
      byEmail: string | null;
      at: string;
    }[];
    const clerkEntries = audit.filter((a) => a.userEmail === clerkEmail);
    expect(clerkEntries.map((a) => [a.action, a.role, a.byEmail])).toEqual([
      ["revoke", "merchant", roles.email],
      ["grant", "merchant", roles.email],
    ]);
    expect(audit.some((a) => a.action === "grant" && a.role === "admin" && a.userEmail === roles.email)).toBe(
      true,
    );

    // An admin cannot lock themselves out.
    const self = await roles.admin.request("DELETE", `/api/admin/roles/${roles.id}/admin`);
    expect(self.status).toBe(400);
  });
});

describe.each(DB_KINDS)("the setup code on the %s database", (kind) => {
  const fresh = useServiceDatabase(kind);

  it("is printed in the start-up log, and only its hash is kept", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const env = parseEnv({ NODE_ENV: "test", SEED_ON_START: "false", AUTH_SECRET: "x".repeat(32) });
    const banners: string[] = [];
    const { deps, jobs, setupCode } = await startRuntime(env, pino(sink), {
      database: fresh.database,
      writeBanner: (text) => banners.push(text),
    });
    // Serving, the shop prints the code as a plain box on standard error too.
    jobs.start();
    await jobs.stop();
    expect(banners).toHaveLength(1);
    expect(banners[0]).toContain(`Setup code:  ${setupCode}`);
    await deps.events.close();
    await deps.mailSender?.close();
    expect(setupCode).not.toBeNull();
    const printed = lines.find((l) => l.includes(setupCode as string));
    expect(JSON.parse(printed as string).msg).toContain(`enter the setup code ${setupCode}`);
    const kept = (await fresh.database.db.select().from(appSettings)).flatMap((row) => [row.key, row.value]);
    expect(kept).toContain(`setup_code_sha256:${hashSetupCode(setupCode as string)}`);
    expect(kept.some((value) => value.includes((setupCode as string).replaceAll("-", "")))).toBe(false);
    expect(kept.some((value) => value.includes(setupCode as string))).toBe(false);
  });
});

describe.each(DB_KINDS)("replicas on one %s database", (kind) => {
  const fresh = useServiceDatabase(kind);

  it("each print a setup code that works whichever answers; one claim uses them all up", async () => {
    const a = await startTestServer(kind, { bare: true, seed: false, database: fresh.database });
    const b = await startTestServer(kind, { bare: true, seed: false, database: fresh.database });
    try {
      expect(a.setupCode).not.toBeNull();
      expect(b.setupCode).not.toBeNull();
      expect(a.setupCode).not.toBe(b.setupCode);
      // The first replica's code, asked of the second (the balancer chose it), and the reverse, at once.
      const racers = [new HttpClient(b.baseUrl), new HttpClient(a.baseUrl)];
      for (const [i, http] of racers.entries()) await http.signUp(uniqueEmail(`replica.claim${i}`));
      const claims = await Promise.all([
        racers[0]!.post("/api/admin/claim", { code: a.setupCode }),
        racers[1]!.post("/api/admin/claim", { code: b.setupCode }),
      ]);
      expect(claims.map((c) => c.status).sort()).toEqual([200, 403]);
      const loser = racers[claims.findIndex((c) => c.status === 403)]!;
      for (const code of [a.setupCode, b.setupCode])
        expect((await loser.post("/api/admin/claim", { code })).status).toBe(403);
      expect((await loser.get("/api/me")).json.roles).toEqual([]);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe.each(DB_KINDS)("demo mode on the %s database", (kind) => {
  const fresh = useServiceDatabase(kind);

  it("restores the open /admin with a badge, and its roles end when demo mode does", async () => {
    const demo = await startTestServer(kind, {
      bare: true,
      seed: false,
      database: fresh.database,
      env: { DEMO_MODE: "true" },
    });
    let email: string;
    let http: HttpClient;
    try {
      expect(demo.setupCode).toBeNull();
      expect((await new HttpClient(demo.baseUrl).get("/api/shop-mode")).json).toEqual({ demoMode: true });
      ({ http, email } = await signUpShopper(demo.baseUrl, "Demo Visitor"));
      expect((await http.post("/functions/v1/assign-merchant-role")).json).toEqual({
        alreadyAssigned: false,
      });
      expect((await http.get("/api/merchant/orders")).status).toBe(200);
      expect((await http.get("/api/me")).json.roles).toEqual(["merchant", "admin"]);
    } finally {
      await demo.close();
    }

    // The same data, demo mode off: the visitor's role ended, audited as the server's doing.
    const real = await startTestServer(kind, { bare: true, seed: false, database: fresh.database });
    try {
      expect(real.setupCode).not.toBeNull();
      const visitor = new HttpClient(real.baseUrl);
      expect((await visitor.signIn(email)).status).toBe(200);
      expect((await visitor.get("/api/merchant/orders")).status).toBe(403);
      expect((await visitor.get("/api/me")).json.roles).toEqual([]);
      expect((await visitor.post("/functions/v1/assign-merchant-role")).status).toBe(403);

      const owner = new HttpClient(real.baseUrl);
      await owner.signUp(uniqueEmail("demo.owner"));
      expect((await owner.post("/api/admin/claim", { code: real.setupCode })).status).toBe(200);
      const audit = (await owner.get("/api/admin/roles")).json;
      expect(audit.holders.some((h: { email: string }) => h.email === email)).toBe(false);
      expect(audit.audit).toContainEqual(
        expect.objectContaining({
          action: "revoke",
          userEmail: email,
          byEmail: null,
          reason: "demo mode ended",
        }),
      );
    } finally {
      await real.close();
    }
  });
});
