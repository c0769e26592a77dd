import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer } from "better-auth/plugins";
import type { Db } from "./db/client.ts";
import { account, session, user, verification } from "./db/schema.ts";

export interface AuthOptions {
  db: Db;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  /** Runs after sign-up created an account (the accounts module makes its profile). */
  onUserCreated: (created: { id: string; name: string; email: string }) => Promise<void>;
}

/** Sign-up, sign-in, sessions (httpOnly SameSite cookie, or a bearer token for the same session). */
export function createAuth({ db, secret, baseURL, trustedOrigins, onUserCreated }: AuthOptions) {
  return betterAuth({
    appName: "Haggle",
    // Failed sign-ins are expected traffic, not warnings; errors still reach the log.
    logger: { level: "error" },
    secret,
    baseURL,
    basePath: "/api/auth",
    trustedOrigins,
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    emailAndPassword: { enabled: true, minPasswordLength: 6, maxPasswordLength: 128, autoSignIn: true },
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
    plugins: [bearer()],
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
}

export type Auth = ReturnType<typeof createAuth>;
