import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { mcp } from "@better-auth/mcp";
import { bearer, jwt } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import { account, session, user, verification } from "./db/schema/auth.ts";
import * as oauthTables from "./db/schema/oauth.ts";
import { sessionReader } from "./session-reader.ts";

export interface AuthOptions {
  db: Db;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  /** Runs after sign-up created an account (the accounts module makes its profile). */
  onUserCreated: (created: AuthUser) => Promise<void>;
  /** Sends an account e-mail carrying better-auth's token (the mail module's outbox and sender). */
  sendAccountMail: (mail: AccountMailOrder) => Promise<void>;
  /**
   * Whether proving this address takes the account's own session too (the ADMIN_EMAILS ones):
   * whoever registered the address first knows its password, so the owner's click on a link
   * sent to that account must not make the registrant an admin.
   */
  verificationNeedsSession: (email: string) => boolean;
  /** Runs once an address is proven: by its verification link, or by a password reset sent to it. */
  onEmailVerified: (user: AuthUser) => Promise<void>;
  /**
   * Runs after a password reset ended every session of the account: whatever else acts for it
   * (its API keys) ends too, or whoever made a key before the owner took the account back keeps it.
   */
  onPasswordReset: (user: AuthUser) => Promise<void>;
  /** OAuth for shoppers' agents: the access and refresh tokens' lifetimes, in seconds. */
  oauth: { accessTokenSeconds: number; refreshTokenSeconds: number };
  /**
   * How passwords are hashed and checked: better-auth's scrypt unless given. Only the test
   * servers give one (a cheaper hash, in code: no setting of the environment can choose it).
   */
  passwordHashing?: PasswordHashing | undefined;
}

/** A password hash and its check, as better-auth calls them. */
export interface PasswordHashing {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
}

/**
 * What an agent may be allowed to do for a shopper over OAuth; `offline_access` asks for a refresh
 * token. The consent screen words them (the contract's AGENT_SCOPES).
 */
export const OAUTH_SCOPES = ["browse", "cart", "negotiate", "order", "offline_access"];

/** The shop's MCP server as an OAuth protected resource (RFC 8707/9728): tokens are bound to it. */
export function mcpResource(baseURL: string): string {
  return `${baseURL}/mcp`;
}

/**
 * OAuth needs the shop at an https address (plain http only on this machine's loopback names):
 * a shop served over plain http elsewhere keeps API keys only.
 */
export function oauthPossible(baseURL: string): boolean {
  const url = new URL(baseURL);
  return url.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

export interface AuthUser {
  id: string;
  name: string;
  email: string;
}

export interface AccountMailOrder {
  kind: "verify-email" | "reset-password";
  user: AuthUser;
  token: string;
  expiresInMinutes: number;
}

/** How long the links work: a day to verify (an owner may read mail later), an hour to reset. */
export const VERIFY_EMAIL_EXPIRES_SECONDS = 24 * 60 * 60;
export const RESET_PASSWORD_EXPIRES_SECONDS = 60 * 60;

export const SIGN_IN_TO_VERIFY =
  "This address belongs to one of the shop's administrators, so it is verified only from its own account: sign in to it in this browser, then open the link again. If you did not create that account, choose 'Forgot password?' on the sign-in page.";

const who = (u: AuthUser): AuthUser => ({ id: u.id, name: u.name, email: u.email });

/** Passwords: sign-up signs in at once, a reset ends every session and proves the address. */
function passwordOptions(options: AuthOptions) {
  const { db } = options;
  return {
    enabled: true,
    minPasswordLength: 6,
    maxPasswordLength: 128,
    // Shoppers shop before they verify (the spec's sign-up signs in at once); only the admin
    // rights of an ADMIN_EMAILS address wait for its verification.
    autoSignIn: true,
    requireEmailVerification: false,
    resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_SECONDS,
    revokeSessionsOnPasswordReset: true,
    ...(options.passwordHashing ? { password: options.passwordHashing } : {}),
    sendResetPassword: async ({ user: u, token }: { user: AuthUser; token: string }) =>
      options.sendAccountMail({
        kind: "reset-password",
        user: who(u),
        token,
        expiresInMinutes: RESET_PASSWORD_EXPIRES_SECONDS / 60,
      }),
    // The reset link reached the address and its holder chose the password: the address is proven.
    onPasswordReset: async ({ user: u }: { user: AuthUser & { emailVerified: boolean } }) => {
      await options.onPasswordReset(who(u));
      if (u.emailVerified) return;
      await db.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, u.id));
      await options.onEmailVerified(who(u));
    },
  };
}

/** Verification links; an administrator's address is verified only from its own session. */
function verificationOptions(
  options: AuthOptions,
  sessionUserId: (headers: Headers) => Promise<string | null>,
) {
  return {
    sendOnSignUp: true,
    autoSignInAfterVerification: false,
    expiresIn: VERIFY_EMAIL_EXPIRES_SECONDS,
    sendVerificationEmail: async ({ user: u, token }: { user: AuthUser; token: string }) =>
      options.sendAccountMail({
        kind: "verify-email",
        user: who(u),
        token,
        expiresInMinutes: VERIFY_EMAIL_EXPIRES_SECONDS / 60,
      }),
    beforeEmailVerification: async (u: AuthUser, request?: Request) => {
      if (!options.verificationNeedsSession(u.email)) return;
      const current = request ? await sessionUserId(request.headers) : null;
      if (current !== u.id)
        throw new APIError("FORBIDDEN", { code: "SIGN_IN_TO_VERIFY", message: SIGN_IN_TO_VERIFY });
    },
    afterEmailVerification: async (u: AuthUser) => options.onEmailVerified(who(u)),
  };
}

/** Sign-up, sign-in, sessions (httpOnly SameSite cookie, or a bearer token for the same session). */
export function createAuth(options: AuthOptions) {
  const { db, secret, baseURL, trustedOrigins, onUserCreated } = options;
  // Bound once the instance exists: the verification hook asks it who is signed in.
  let sessionUserId: (headers: Headers) => Promise<string | null> = async () => null;
  const auth = betterAuth({
    appName: "Haggle",
    // Failed sign-ins are expected traffic, not warnings; errors still reach the log.
    logger: { level: "error" },
    secret,
    baseURL,
    basePath: "/api/auth",
    trustedOrigins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, ...oauthTables },
    }),
    emailAndPassword: passwordOptions(options),
    emailVerification: verificationOptions(options, (headers) => sessionUserId(headers)),
    session: {
      // No cookie cache: every request checks the session row, so a sign-out (or a revoked
      // session) ends it at once, even for a copy of the cookie. It costs one indexed read.
      cookieCache: { enabled: false },
    },
    // Sign-in attempts are limited by our own middleware, per IP and per account, in the database.
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: () => randomUUID() },
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
    },
    plugins: [
      bearer(),
      // Signs the agents' access tokens (JWT, verified in-process with the key set it keeps).
      jwt({ disableSettingJwtHeader: true }),
      // The OAuth 2.1 authorization server for shoppers' agents (MCP authorization): PKCE S256,
      // open dynamic client registration for public clients, consent on the web app's page,
      // tokens bound to the shop's /mcp.
      ...(oauthPossible(baseURL)
        ? [
            mcp({
              resource: mcpResource(baseURL),
              loginPage: "/oauth/consent",
              consentPage: "/oauth/consent",
              scopes: OAUTH_SCOPES,
              clientRegistrationDefaultScopes: OAUTH_SCOPES,
              allowDynamicClientRegistration: true,
              allowUnauthenticatedClientRegistration: true,
              accessTokenExpiresIn: options.oauth.accessTokenSeconds,
              refreshTokenExpiresIn: options.oauth.refreshTokenSeconds,
            }),
          ]
        : []),
    ],
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            await onUserCreated(created);
          },
        },
      },
    },
  });
  sessionUserId = async (headers) => (await auth.api.getSession({ headers }))?.user.id ?? null;
  // `sessionOwner`: the signed-in user of a request, one statement in the common case.
  return Object.assign(auth, { sessionOwner: sessionReader(auth, db) });
}

export type Auth = ReturnType<typeof createAuth>;
