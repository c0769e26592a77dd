/**
 * Password reset, through better-auth's own flow and the shop's mail: the
 * request answers the same whether the address has an account or not; the e-mailed link sets a
 * new password once, ends every session of the account, and a bad or old link is a 400 sentence.
 */
import { COMMON_PASSWORD_MESSAGE, PASSWORD_RESET_REQUESTED } from "@haggle/contract/account";
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, verification } from "../src/platform/db/schema.ts";
import { accountMailLink, tokenOf } from "./support/account-mail.ts";
import { HttpClient, uniqueEmail } from "./support/http-client.ts";
import { useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const RESET_LINK_BAD =
  "This password reset link is invalid, has expired or was already used. Please ask for a new one with 'Forgot password?' on the sign-in page.";

describe.each(DB_KINDS)("password reset on the %s database", (kind) => {
  const shop = useShop(kind, { seed: false });
  const base = () => shop.server.baseUrl;

  async function requestReset(email: string) {
    const res = await new HttpClient(base()).post("/api/auth/request-password-reset", { email });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return tokenOf(await accountMailLink(base(), email, "reset-password"));
  }

  it("resets from the e-mailed link: the old password is refused, the new one accepted, other sessions end", async () => {
    const email = uniqueEmail("reset");
    const laptop = new HttpClient(base());
    expect((await laptop.signUp(email, "old-password-1", "Reset Shopper")).status).toBe(200);
    const phone = new HttpClient(base());
    expect((await phone.signIn(email, "old-password-1")).status).toBe(200);

    const token = await requestReset(email);
    const [mail] = await shop.server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "reset-password"));
    expect(mail?.to).toBe(email);
    expect(mail?.subject).toBe("Reset your Haggle password");
    expect(mail?.text).toContain(`Choose a new password: ${base()}/reset-password?token=${token}`);

    const reset = await new HttpClient(base()).post("/api/auth/reset-password", {
      token,
      newPassword: "new-password-2",
    });
    expect(reset.status).toBe(200);
    for (const device of [laptop, phone]) expect((await device.get("/api/me")).json).toEqual({ user: null });
    const old = await new HttpClient(base()).signIn(email, "old-password-1");
    expect(old.status).toBe(401);
    const fresh = new HttpClient(base());
    expect((await fresh.signIn(email, "new-password-2")).status).toBe(200);
    // The link reached the address: the address counts as verified now.
    expect((await fresh.get("/api/me")).json.user.emailVerified).toBe(true);

    // The link works once.
    const again = await new HttpClient(base()).post("/api/auth/reset-password", {
      token,
      newPassword: "third-password-3",
    });
    expect(again.status).toBe(400);
    expect(again.json.error.message).toBe(RESET_LINK_BAD);
  });

  it("answers a request for an unknown address exactly as for a known one, and mails nobody", async () => {
    const known = uniqueEmail("known");
    await new HttpClient(base()).signUp(known);
    const unknown = uniqueEmail("nobody");
    const answers = [];
    for (const email of [known, unknown]) {
      const res = await new HttpClient(base()).post("/api/auth/request-password-reset", { email });
      answers.push({ status: res.status, body: res.json });
    }
    expect(answers[0]).toEqual({ status: 200, body: { status: true, message: PASSWORD_RESET_REQUESTED } });
    expect(answers[1]).toEqual(answers[0]);
    const mailed = await shop.server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, unknown));
    expect(mailed).toEqual([]);
  });

  it("refuses an expired, malformed or missing token, and a weak new password, with 400 sentences", async () => {
    const email = uniqueEmail("expired");
    await new HttpClient(base()).signUp(email, "old-password-1");
    const token = await requestReset(email);
    const http = new HttpClient(base());

    const weak = await http.post("/api/auth/reset-password", { token, newPassword: "123456" });
    expect(weak.status).toBe(400);
    expect(weak.json.error.message).toBe(COMMON_PASSWORD_MESSAGE);
    const short = await http.post("/api/auth/reset-password", { token, newPassword: "abc" });
    expect(short.status).toBe(400);
    expect(short.json.error.message).toBe("Password must be at least 6 characters.");
    const missing = await http.post("/api/auth/reset-password", { newPassword: "new-password-2" });
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toBe(
      "This password reset link is incomplete. Please open the link from the e-mail again.",
    );
    const made = await http.post("/api/auth/reset-password", {
      token: "made-up",
      newPassword: "new-password-2",
    });
    expect(made.status).toBe(400);
    expect(made.json.error.message).toBe(RESET_LINK_BAD);

    await shop.server.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, `reset-password:${token}`));
    const late = await http.post("/api/auth/reset-password", { token, newPassword: "new-password-2" });
    expect(late.status).toBe(400);
    expect(late.json.error.message).toBe(RESET_LINK_BAD);
    expect((await new HttpClient(base()).signIn(email, "old-password-1")).status).toBe(200);
  });

  it("refuses a malformed address with a sentence, and limits the e-mails asked for one address", async () => {
    const malformed = await new HttpClient(base()).post("/api/auth/request-password-reset", {
      email: "nope",
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.message).toBe("Please enter a valid email address.");
    const email = uniqueEmail("bombed");
    let last = 0;
    for (let i = 0; i < 12 && last !== 429; i++)
      last = (await new HttpClient(base()).post("/api/auth/request-password-reset", { email })).status;
    expect(last).toBe(429);
  });
});
