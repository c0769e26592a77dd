import {
  RequestPasswordResetSchema,
  ResetPasswordSchema,
  SendVerificationEmailSchema,
  SignInSchema,
  SignUpSchema,
} from "@haggle/contract/account";
import type { AccessEnd } from "@haggle/domain/accounts/access-ended";
import { limitReached } from "@haggle/domain/errors";
import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { clientIp } from "../../http/client-ip.ts";
import type { AppContext, AppEnv } from "../../http/context.ts";
import { type ApiRoute, declareForeignRoute, declareMountedHandler } from "../../http/route.ts";
import { assertNoNul, parseWith } from "../../http/validate.ts";
import { currentUser } from "../../http/session.ts";
import { revokeAllApiKeys } from "./api-keys.store.ts";
import { revokeOAuthGrants } from "./oauth-grants.store.ts";
import {
  accountMailSentence,
  answerAccessEnded,
  guardAccountMailRoutes,
  signInAccountKey,
} from "./account-mail.routes.ts";
import {
  isKnownDevice,
  KNOWN_DEVICE_MAX_AGE_SECONDS,
  knownDeviceCookieName,
  knownDeviceCookieValue,
} from "../../platform/known-device.ts";
import { clearRateLimit, hitRateLimit, takeAttempt } from "../../platform/rate-limit.ts";

const RATE_LIMIT_MESSAGE = "Too many sign-in attempts. Please wait a minute and try again.";
const SIGN_UP_LIMIT_MESSAGE = "Too many sign-ups from this address. Please wait a minute and try again.";
const ACCOUNT_LIMIT_MESSAGE =
  "Too many sign-in attempts for this account from other devices. Please wait a few minutes, sign in from a device you used before, or choose 'Forgot password?' to set a new password.";
/** The longest a run of wrong passwords makes the next attempt from that address wait. */
const MAX_BACKOFF_SECONDS = 300;

async function readJson(c: AppContext): Promise<unknown> {
  const text = await c.req.raw.clone().text();
  assertNoNul(text);
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** better-auth answers errors as {code, message}; the API's shape is {error: {code, message}}. */
async function normalizeError(response: Response, route: string): Promise<Response> {
  if (response.status < 400 || !response.headers.get("content-type")?.includes("application/json"))
    return response;
  // OAuth's endpoints answer errors in OAuth's own shape ({error, error_description}), which
  // agents' libraries read.
  if (route.startsWith("/oauth2/") && response.status < 500) return response;
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const sentence = accountMailSentence(route, body.code);
  // A bad link is bad input (400), not a missing session: the web app would take 401 for "signed out".
  const status = (sentence && response.status === 401) || response.status >= 500 ? 400 : response.status;
  return new Response(
    JSON.stringify({
      error: {
        code: body.code ?? "AUTH_ERROR",
        message: sentence ?? (body.message || "An error occurred during authentication"),
      },
    }),
    { status, headers },
  );
}

const LOOPBACK_HTTP = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//;

/**
 * A dynamic registration without `application_type` whose redirects all go to this machine's
 * loopback over http is a native app (a desktop agent, the MCP Inspector): OIDC's default "web"
 * would refuse it, though RFC 8252 is exactly how such agents receive their code.
 */
async function nativeLoopbackDefault(request: Request): Promise<Request> {
  const metadata = (await request
    .clone()
    .json()
    .catch(() => null)) as { application_type?: unknown; redirect_uris?: unknown } | null;
  const uris = metadata?.redirect_uris;
  if (
    !metadata ||
    metadata.application_type !== undefined ||
    !Array.isArray(uris) ||
    uris.length === 0 ||
    !uris.every((u) => typeof u === "string" && LOOPBACK_HTTP.test(u))
  )
    return request;
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  return new Request(request.url, {
    method: request.method,
    headers,
    body: JSON.stringify({ ...metadata, application_type: "native" }),
  });
}

/** This browser signed in to (or signed up) the account: it passes the account-wide sign-in cap. */
function rememberDevice(c: AppContext, secret: string, account: string): void {
  setCookie(c, knownDeviceCookieName(account), knownDeviceCookieValue(secret, account), {
    path: "/api/auth",
    httpOnly: true,
    sameSite: "Lax",
    secure: new URL(c.req.url).protocol === "https:",
    maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS,
  });
}

/** better-auth's standard routes that the API documents; `authRoutes` serves them. */
export const authRouteDocs: ApiRoute[] = [
  declareForeignRoute({
    method: "post",
    path: "/api/auth/sign-up/email",
    summary: "Create an account and sign in",
    tag: "Accounts",
    access: "public",
    body: SignUpSchema,
  }),
  declareForeignRoute({
    method: "post",
    path: "/api/auth/sign-in/email",
    summary: "Sign in (limited per address; failures back off per account and address)",
    tag: "Accounts",
    access: "public",
    body: SignInSchema,
  }),
  declareForeignRoute({
    method: "post",
    path: "/api/auth/sign-out",
    summary: "Sign out",
    tag: "Accounts",
    access: "signed-in",
  }),
  declareForeignRoute({
    method: "post",
    path: "/api/auth/request-password-reset",
    summary: "E-mail a password reset link (the same answer whether or not the address has an account)",
    tag: "Accounts",
    access: "public",
    body: RequestPasswordResetSchema,
  }),
  declareForeignRoute({
    method: "post",
    path: "/api/auth/reset-password",
    summary: "Set a new password with the token from the reset link; ends every session of the account",
    tag: "Accounts",
    access: "public",
    body: ResetPasswordSchema,
  }),
  declareForeignRoute({
    method: "post",
    path: "/api/auth/send-verification-email",
    summary: "E-mail a new verification link to the signed-in account's address",
    tag: "Accounts",
    access: "public",
    body: SendVerificationEmailSchema,
  }),
  declareForeignRoute({
    method: "get",
    path: "/api/auth/verify-email",
    summary:
      "Verify the address with the token from the link (?token=); an ADMIN_EMAILS address needs its own session",
    tag: "Accounts",
    access: "public",
  }),
  declareForeignRoute({
    method: "get",
    path: "/api/auth/get-session",
    summary: "The current session, or null",
    tag: "Accounts",
    access: "public",
  }),
];

/** /api/auth/*: better-auth's handler, behind sign-up checks and the sign-in rate limit. */
export function authRoutes() {
  const app = new Hono<AppEnv>();

  app.post("/sign-up/email", async (c, next) => {
    const { database, config } = c.get("deps");
    const byIp = await hitRateLimit(
      database.db,
      `sign-up:ip:${clientIp(c)}`,
      config.signUpRateLimitPerIp,
      config.authRateLimit.windowSeconds,
    );
    if (!byIp.allowed) {
      c.header("Retry-After", String(byIp.retryAfterSeconds));
      throw limitReached(SIGN_UP_LIMIT_MESSAGE);
    }
    const body = await readJson(c);
    if (body === undefined) parseWith(SignUpSchema, null);
    const { email } = parseWith(SignUpSchema, body);
    await next();
    if (c.res.status === 200)
      rememberDevice(c, c.get("deps").auth.options.secret, email.trim().toLowerCase());
  });

  // Every attempt is counted before its password is checked, atomically, so concurrent attempts
  // get no more checks than the same attempts in a row. Failures slow down the one account from
  // the one address (backoff, no lock-out: the owner elsewhere still signs in), and the account
  // from every address together past a higher count, which a browser the owner signed in from
  // before (a known-device cookie, or a session of the account) passes. The address as a whole
  // has a plain per-window limit.
  app.post("/sign-in/email", async (c, next) => {
    const body = await readJson(c);
    const { email } = parseWith(SignInSchema, body ?? null);
    const { database, config, auth } = c.get("deps");
    const { db } = database;
    const { windowSeconds, perIp, perAccount, perAccountAllAddresses } = config.authRateLimit;
    const ip = clientIp(c);
    const account = email.trim().toLowerCase();
    const pair = `sign-in:pair:${account}:${ip}`;
    const backoff = {
      baseSeconds: Math.max(1, Math.round(windowSeconds / 4)),
      maxSeconds: MAX_BACKOFF_SECONDS,
    };
    const refuse = (retryAfterSeconds: number, message = RATE_LIMIT_MESSAGE): never => {
      c.header("Retry-After", String(retryAfterSeconds));
      throw limitReached(message);
    };
    const byIp = await hitRateLimit(db, `sign-in:ip:${ip}`, perIp, windowSeconds);
    if (!byIp.allowed) refuse(byIp.retryAfterSeconds);
    const byPair = await takeAttempt(db, pair, { ...backoff, free: perAccount });
    if (!byPair.allowed) refuse(byPair.retryAfterSeconds);
    const secret = auth.options.secret;
    const known =
      isKnownDevice(secret, account, getCookie(c, knownDeviceCookieName(account))) ||
      (await currentUser(c))?.email.toLowerCase() === account;
    if (!known) {
      const byAccount = await takeAttempt(db, signInAccountKey(account), {
        ...backoff,
        free: perAccountAllAddresses,
      });
      if (!byAccount.allowed) refuse(byAccount.retryAfterSeconds, ACCOUNT_LIMIT_MESSAGE);
    }
    await next();
    if (c.res.status !== 200) return;
    // The right password: what counts is failures since the owner last got in.
    await clearRateLimit(db, pair);
    await clearRateLimit(db, signInAccountKey(account));
    rememberDevice(c, secret, account);
  });

  guardAccountMailRoutes(app, readJson);

  // "Sign out everywhere" (every session, or every other one; a password change that asks for it)
  // ends the account's API keys and agents' OAuth grants too: each is a session an agent holds.
  const everywhere = async (c: AppContext, next: () => Promise<void>, end: AccessEnd, asked = true) => {
    const who = asked ? await currentUser(c) : null;
    await next();
    if (!who || c.res.status !== 200) return;
    const { db } = c.get("deps").database;
    const revoked = await revokeAllApiKeys(db, who.id);
    // Agents connected over OAuth lose their grants alike (the answer counts the keys).
    await revokeOAuthGrants(db, who.id);
    answerAccessEnded(c, end, revoked);
  };
  app.post("/revoke-sessions", (c, next) => everywhere(c, next, "sign-out-everywhere"));
  app.post("/revoke-other-sessions", (c, next) => everywhere(c, next, "sign-out-elsewhere"));
  app.post("/change-password", async (c, next) => {
    const body = (await readJson(c)) as { revokeOtherSessions?: unknown } | undefined;
    await everywhere(c, next, "sign-out-elsewhere", body?.revokeOtherSessions === true);
  });

  app.on(["GET", "POST"], "/*", async (c) => {
    const route = c.req.path.replace(/^\/api\/auth/, "");
    const request = route === "/oauth2/register" ? await nativeLoopbackDefault(c.req.raw) : c.req.raw;
    return normalizeError(await c.get("deps").auth.handler(request), route);
  });
  return app;
}

/** better-auth's handler at /api/auth/*, declared with the paths the API documents. */
export const authHandler = declareMountedHandler({
  prefix: "/api/auth",
  servedBy: "better-auth",
  routes: authRouteDocs,
  app: authRoutes,
});
