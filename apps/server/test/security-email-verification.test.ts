/**
 * Admin e-mail squatting. Whoever registered an ADMIN_EMAILS address first
 * became admin. Now such an account is admin only once its address is proven: by the
 * verification link opened in the account's own session, or by a password reset sent to it
 * (which also ends the registrant's sessions). Shoppers still shop unverified.
 */
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareAdminAccess } from "../src/modules/admin/roles.service.ts";
import { sendAccountMail } from "../src/modules/mail/account-mail.service.ts";
import { mailOutbox, roleAudit } from "../src/platform/db/schema.ts";
import { SIGN_IN_TO_VERIFY } from "../src/platform/auth.ts";
import { accountMailLink, linkIn, tokenOf, verifyEmail } from "./support/account-mail.ts";
import { HttpClient, uniqueEmail } from "./support/http-client.ts";
import { freePort, startServerProcess } from "./support/server-process.ts";
import { useShop } from "./support/shop-fixtures.ts";
import {
  eventually,
  startSmtpServer,
  SMTP_PASS,
  SMTP_USER,
  type TestSmtpServer,
} from "./support/smtp-server.ts";
import { DB_KINDS } from "./support/test-server.ts";

const OWNER = "owner@shop.example";
const SECOND_OWNER = "second.owner@shop.example";

const isAdmin = async (http: HttpClient) => (await http.get("/api/admin/status")).status === 200;
const roles = async (http: HttpClient) => (await http.get("/api/me")).json.roles;

describe.each(DB_KINDS)("ADMIN_EMAILS and e-mail verification on the %s database", (kind) => {
  const shop = useShop(kind, { seed: false, env: { ADMIN_EMAILS: `${OWNER},${SECOND_OWNER}` } });
  const base = () => shop.server.baseUrl;

  it("does not make a squatter of an ADMIN_EMAILS address admin; the owner takes it back by a reset", async () => {
    const squatter = new HttpClient(base());
    expect((await squatter.signUp(OWNER, "squatter-pass", "Not The Owner")).status).toBe(200);
    expect(await isAdmin(squatter)).toBe(false);
    expect(await roles(squatter)).toEqual([]);
    expect((await squatter.post("/api/admin/roles", { email: OWNER, role: "admin" })).status).toBe(403);
    expect((await squatter.get("/api/me")).json.user.emailVerified).toBe(false);

    // The sign-up e-mailed a verification link to the address: the owner opening it (not signed
    // in to that account) does not verify it for the squatter.
    const link = await accountMailLink(base(), OWNER, "verify-email");
    expect(link.startsWith(`${base()}/verify-email?token=`)).toBe(true);
    const ownerBrowser = new HttpClient(base());
    const refused = await ownerBrowser.get(
      `/api/auth/verify-email?token=${encodeURIComponent(tokenOf(link))}`,
    );
    expect(refused.status).toBe(403);
    expect(refused.json.error).toEqual({ code: "SIGN_IN_TO_VERIFY", message: SIGN_IN_TO_VERIFY });
    expect(await isAdmin(squatter)).toBe(false);

    // The owner gets "already exists", chooses 'Forgot password?', and resets it from the mail.
    const taken = await ownerBrowser.signUp(OWNER, "owners-own-pass", "The Owner");
    expect(taken.status).toBe(422);
    expect(taken.json.error.message).toBe(
      "An account with this e-mail already exists. Sign in, or choose 'Forgot password?' on the sign-in page if the address is yours.",
    );
    const asked = await ownerBrowser.post("/api/auth/request-password-reset", { email: OWNER });
    expect(asked.status).toBe(200);
    const reset = await accountMailLink(base(), OWNER, "reset-password");
    expect(reset.startsWith(`${base()}/reset-password?token=`)).toBe(true);
    const done = await ownerBrowser.post("/api/auth/reset-password", {
      token: tokenOf(reset),
      newPassword: "owners-own-pass",
    });
    expect(done.status, JSON.stringify(done.json)).toBe(200);

    // The squatter's session ended; its password no longer works; the owner's does, as admin.
    expect((await squatter.get("/api/me")).json).toEqual({ user: null });
    expect((await new HttpClient(base()).signIn(OWNER, "squatter-pass")).status).toBe(401);
    const owner = new HttpClient(base());
    expect((await owner.signIn(OWNER, "owners-own-pass")).status).toBe(200);
    expect((await owner.get("/api/me")).json.user.emailVerified).toBe(true);
    expect(await isAdmin(owner)).toBe(true);
    expect(await roles(owner)).toContain("admin");
    const audit = await shop.server.database.db
      .select()
      .from(roleAudit)
      .where(eq(roleAudit.userEmail, OWNER));
    expect(audit.map((a) => [a.action, a.role, a.reason])).toEqual([
      ["grant", "admin", "e-mail in ADMIN_EMAILS verified"],
    ]);
  });

  it("makes the owner admin once the verification link is opened in the owner's own session", async () => {
    const owner = new HttpClient(base());
    expect((await owner.signUp(SECOND_OWNER, "second-owner-pass", "Second Owner")).status).toBe(200);
    expect(await isAdmin(owner)).toBe(false);
    await verifyEmail(owner, base(), SECOND_OWNER);
    expect(await isAdmin(owner)).toBe(true);
    expect((await owner.get("/api/me")).json.user.emailVerified).toBe(true);
    // A second click on the link is harmless.
    const again = await owner.get(
      `/api/auth/verify-email?token=${encodeURIComponent(tokenOf(await accountMailLink(base(), SECOND_OWNER, "verify-email")))}`,
    );
    expect(again.status).toBe(200);
  });

  it("lets a shopper shop unverified, resend the e-mail, and verify from any browser", async () => {
    const email = uniqueEmail("unverified");
    const shopper = new HttpClient(base());
    expect((await shopper.signUp(email)).status).toBe(200);
    expect((await shopper.get("/api/cart")).status).toBe(200);
    expect((await shopper.get("/api/me")).json.user.emailVerified).toBe(false);
    const resent = await shopper.post("/api/auth/send-verification-email", { email });
    expect(resent.status).toBe(200);
    const rows = await shop.server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(rows.map((r) => r.kind)).toEqual(["verify-email", "verify-email"]);
    expect(rows[0]?.subject).toBe("Verify your e-mail for Haggle");
    // Not an admin address: the link works without the session (the phone's mail app).
    const token = tokenOf(await accountMailLink(base(), email, "verify-email"));
    expect(
      (await new HttpClient(base()).get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).status,
    ).toBe(200);
    expect((await shopper.get("/api/me")).json.user.emailVerified).toBe(true);
    expect(await isAdmin(shopper)).toBe(false);
    const already = await shopper.post("/api/auth/send-verification-email", { email });
    expect(already.status).toBe(400);
    expect(already.json.error.message).toBe("Your e-mail address is already verified.");
  });

  it("cannot be verified by the account itself, and names unverified ADMIN_EMAILS accounts at start", async () => {
    const email = uniqueEmail("self.verify");
    const http = new HttpClient(base());
    expect((await http.signUp(email)).status).toBe(200);
    await http.post("/api/auth/update-user", { emailVerified: true, name: "Sly" });
    expect((await http.get("/api/me")).json.user.emailVerified).toBe(false);
    const policy = { demoMode: false, adminEmails: [email] };
    expect((await prepareAdminAccess(shop.server.database.db, policy)).unverifiedAdmins).toEqual([email]);
    await verifyEmail(http, base(), email);
    expect((await prepareAdminAccess(shop.server.database.db, policy)).unverifiedAdmins).toEqual([]);
  });

  it("answers a bad or expired verification link with 400 and a sentence", async () => {
    const http = new HttpClient(base());
    const bad = await http.get("/api/auth/verify-email?token=not-a-token");
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/^This verification link is invalid\./);
    const { createEmailVerificationToken } = await import("better-auth/api");
    const expired = await createEmailVerificationToken(
      "test-secret-test-secret-test-secret-0123",
      SECOND_OWNER,
      undefined,
      -60,
    );
    const late = await http.get(`/api/auth/verify-email?token=${expired}`);
    expect(late.status).toBe(400);
    expect(late.json.error.message).toMatch(/^This verification link has expired\./);
  });

  it("hides account e-mails' links from the merchant's outbox", async () => {
    const merchant = new HttpClient(base());
    await merchant.signUp(uniqueEmail("outbox.merchant"));
    const admin = new HttpClient(base());
    expect((await admin.signIn(SECOND_OWNER, "second-owner-pass")).status).toBe(200);
    const me = (await merchant.get("/api/me")).json.user;
    expect((await admin.post("/api/admin/roles", { email: me.email, role: "merchant" })).status).toBeLessThan(
      300,
    );
    const outbox = await merchant.get("/api/merchant/outbox?pageSize=100");
    expect(outbox.status).toBe(200);
    const account = (outbox.json.items as { kind: string; text: string; html: string }[]).filter(
      (m) => m.kind === "verify-email" || m.kind === "reset-password",
    );
    expect(account.length).toBeGreaterThan(0);
    for (const m of account) {
      expect(linkIn(m.text)).toBeNull();
      expect(m.html).not.toContain("token=");
    }
  });
});

describe("account e-mail links in the server log", () => {
  function capture() {
    const lines: string[] = [];
    const logger = pino(
      { level: "info" },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    return { logger, lines };
  }
  const shop = useShop("embedded", { seed: false });

  it("are written when SMTP_URL is not set, and not when it is", async () => {
    const settings = shop.server.deps.mail;
    const kept = capture();
    await sendAccountMail(
      shop.server.database.db,
      { ...settings, delivery: "keep", logger: kept.logger },
      {
        kind: "reset-password",
        to: { name: "Log Reader", email: "log.reader@example.com" },
        token: "tok-123",
        expiresInMinutes: 60,
      },
    );
    const entry = JSON.parse(kept.lines.join("")) as { url: string; msg: string; to: string };
    expect(entry.url).toBe(`${shop.server.baseUrl}/reset-password?token=tok-123`);
    expect(entry.msg).toContain(entry.url);
    expect(entry.to).toBe("log.reader@example.com");

    const queued = capture();
    await sendAccountMail(
      shop.server.database.db,
      { ...settings, delivery: "smtp", logger: queued.logger },
      {
        kind: "reset-password",
        to: { name: "Log Reader", email: "log.reader@example.com" },
        token: "tok-456",
        expiresInMinutes: 60,
      },
    );
    expect(queued.lines.join("")).not.toContain("tok-456");
  });
});

describe("the owner finishes setting up from the terminal (npm start, no SMTP_URL)", () => {
  it("reads the verification link in the server's log and becomes admin", async () => {
    const server = await startServerProcess({ ADMIN_EMAILS: OWNER, SEED_ON_START: "false" });
    try {
      const owner = new HttpClient(server.baseUrl);
      expect((await owner.signUp(OWNER, "owner-terminal-pass", "Owner")).status).toBe(200);
      expect(await isAdmin(owner)).toBe(false);
      const line = await eventually("the verification link in the log", () =>
        server
          .logs()
          .split("\n")
          .find((l) => l.includes('"mailKind":"verify-email"') && l.includes(OWNER)),
      );
      expect(line).toContain("SMTP_URL is not set");
      await verifyEmail(owner, server.baseUrl, OWNER);
      expect(await isAdmin(owner)).toBe(true);
    } finally {
      await server.stop();
    }
  }, 240_000);
});

describe("account e-mails over SMTP_URL", () => {
  let smtp: TestSmtpServer;
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    smtp = await startSmtpServer(port);
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const shop = useShop("embedded", {
    seed: false,
    env: {
      ADMIN_EMAILS: OWNER,
      get SMTP_URL() {
        return `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${port}`;
      },
      MAIL_RETRY_SECONDS: "0.2",
    },
  });

  it("delivers the verification e-mail with its link, which makes the owner admin", async () => {
    const owner = new HttpClient(shop.server.baseUrl);
    expect((await owner.signUp(OWNER, "owner-smtp-pass", "Owner")).status).toBe(200);
    const mail = await eventually("the verification e-mail", () =>
      smtp.received.find((m) => m.subject === "Verify your e-mail for Haggle"),
    );
    expect(mail.to).toContain(OWNER);
    expect(mail.html).toContain("Verify my e-mail");
    const link = linkIn(mail.text);
    if (!link) throw new Error("no link in the e-mail");
    expect(await isAdmin(owner)).toBe(false);
    const verified = await owner.get(`/api/auth/verify-email?token=${encodeURIComponent(tokenOf(link))}`);
    expect(verified.status).toBe(200);
    expect(await isAdmin(owner)).toBe(true);
  });
});
