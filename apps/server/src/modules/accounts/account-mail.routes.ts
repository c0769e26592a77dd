import {
  type AccessEnded,
  RequestPasswordResetSchema,
  ResetPasswordSchema,
  SendVerificationEmailSchema,
} from "@haggle/contract/account";
import { type AccessEnd, accessEndedSentence } from "@haggle/domain/accounts/access-ended";
import { limitReached } from "@haggle/domain/errors";
import type { Hono } from "hono";
import { clientIp } from "../../http/client-ip.ts";
import type { AppContext, AppEnv } from "../../http/context.ts";
import { parseWith } from "../../http/validate.ts";
import { clearRateLimit, hitRateLimit } from "../../platform/rate-limit.ts";
import { countActiveKeys } from "./api-keys.store.ts";
import { findAccount, findResetTokenOwner } from "./accounts.store.ts";

const MAIL_LIMIT_MESSAGE = "Too many e-mails asked for. Please wait a minute and try again.";
/**
 * The shortest a reset request takes, known address or not: an unknown one only looks the
 * address up, a known one also writes a token and an e-mail; the answer must not tell them apart.
 */
const RESET_REQUEST_FLOOR_MS = 400;

type ReadJson = (c: AppContext) => Promise<unknown>;

/** The counter of sign-in attempts on one account from every address. */
export const signInAccountKey = (email: string) => `sign-in:account:${email.trim().toLowerCase()}`;

/** Replaces better-auth's `{status: true}` with what ended, keeping its headers (a cleared cookie). */
export function answerAccessEnded(c: AppContext, end: AccessEnd, apiKeysRevoked: number): void {
  const headers = new Headers(c.res.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  const body: AccessEnded = {
    status: true,
    apiKeysRevoked,
    message: accessEndedSentence(end, apiKeysRevoked),
  };
  // Unset first: Hono's setter would otherwise copy the old answer's length onto the new one.
  c.res = undefined;
  c.res = new Response(JSON.stringify(body), { status: 200, headers });
}

/** Account e-mails cost a message each: limited per address asking and per address mailed. */
async function limitAccountMail(c: AppContext, email: string): Promise<void> {
  const { database, config } = c.get("deps");
  const { windowSeconds, perAccount } = config.authRateLimit;
  const byIp = await hitRateLimit(
    database.db,
    `account-mail:ip:${clientIp(c)}`,
    config.signUpRateLimitPerIp,
    windowSeconds,
  );
  const byAddress = await hitRateLimit(
    database.db,
    `account-mail:to:${email.trim().toLowerCase()}`,
    perAccount,
    windowSeconds,
  );
  for (const limit of [byIp, byAddress]) {
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfterSeconds));
      throw limitReached(MAIL_LIMIT_MESSAGE);
    }
  }
}

/**
 * Checks in front of better-auth's e-mail verification and password reset: the input read with
 * the contract's sentences, the mail limited, a reset request's time made the same either way.
 */
export function guardAccountMailRoutes(app: Hono<AppEnv>, readJson: ReadJson): void {
  app.post("/request-password-reset", async (c, next) => {
    const started = Date.now();
    const { email } = parseWith(RequestPasswordResetSchema, (await readJson(c)) ?? null);
    await limitAccountMail(c, email);
    await next();
    const wait = RESET_REQUEST_FLOOR_MS - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  });

  // The reset ends every session (better-auth) and every API key (its hook); the answer says so.
  app.post("/reset-password", async (c, next) => {
    const { token } = parseWith(ResetPasswordSchema, (await readJson(c)) ?? null);
    const { db } = c.get("deps").database;
    const owner = await findResetTokenOwner(db, token);
    const keys = owner ? await countActiveKeys(db, owner) : 0;
    await next();
    if (c.res.status !== 200) return;
    // The owner proved the address: the account-wide sign-in cap an attacker ran up starts afresh.
    const account = owner ? await findAccount(db, owner) : null;
    if (account) await clearRateLimit(db, signInAccountKey(account.email));
    answerAccessEnded(c, "password-reset", keys);
  });

  app.post("/send-verification-email", async (c, next) => {
    const { email } = parseWith(SendVerificationEmailSchema, (await readJson(c)) ?? null);
    await limitAccountMail(c, email);
    await next();
  });
}

const RESET_LINK_BAD =
  "This password reset link is invalid, has expired or was already used. Please ask for a new one with 'Forgot password?' on the sign-in page.";
const VERIFY_LINK_BAD =
  "This verification link is invalid. Please ask for a new one with 'Resend verification e-mail' on your account page.";
const VERIFY_LINK_EXPIRED =
  "This verification link has expired. Please ask for a new one with 'Resend verification e-mail' on your account page.";

/** better-auth's terse answers on these routes, as sentences a person can act on (a 401 among them becomes 400). */
const SENTENCES: Record<string, Record<string, string>> = {
  // The owner of an address someone else registered first learns the way back in.
  "/sign-up/email": {
    USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
      "An account with this e-mail already exists. Sign in, or choose 'Forgot password?' on the sign-in page if the address is yours.",
  },
  "/reset-password": { INVALID_TOKEN: RESET_LINK_BAD, USER_NOT_FOUND: RESET_LINK_BAD },
  "/verify-email": {
    INVALID_TOKEN: VERIFY_LINK_BAD,
    USER_NOT_FOUND: VERIFY_LINK_BAD,
    TOKEN_EXPIRED: VERIFY_LINK_EXPIRED,
  },
  "/send-verification-email": {
    EMAIL_ALREADY_VERIFIED: "Your e-mail address is already verified.",
    EMAIL_MISMATCH: "You can only ask for a verification e-mail for your own address.",
  },
};

/** The sentence for better-auth's error `code` on `route` (the path after /api/auth), if there is one. */
export function accountMailSentence(route: string, code: string | undefined): string | null {
  return (code && SENTENCES[route]?.[code]) || null;
}
