import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "./db/client.ts";
import { preparedStatement } from "./db/prepared.ts";
import { session, user } from "./db/schema/auth.ts";

/** Who a request's session belongs to (what the routes need of better-auth's user). */
export interface SessionOwner {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

/** What better-auth answers for a session, as far as the owner goes. */
interface FoundSession {
  user: { id: string; email: string; name: string; emailVerified?: boolean | null };
}

/** The part of a better-auth instance the reader uses: its own look-up and its settings. */
export interface SessionAuth {
  api: { getSession(input: { headers: Headers }): Promise<FoundSession | null> };
  $context: Promise<{
    secret: string;
    authCookies: { sessionToken: { name: string } };
    sessionConfig: { expiresIn: number; updateAge: number };
  }>;
}

/** One cookie's value from a Cookie header: the first of that name, unquoted and decoded (as better-call reads it). */
export function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return value.includes("%") ? decodeURIComponent(value) : value;
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * The session token a signed cookie value carries (`<token>.<base64 HMAC-SHA256 of the token>`,
 * better-call's format), or null when the signature is missing or wrong.
 */
export function verifiedToken(signedValue: string, secret: string): string | null {
  const dot = signedValue.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signedValue.slice(0, dot);
  const signature = signedValue.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

// Every signed-in request reads it: its SQL is built once (preparedStatement).
const sessionOwnerStatement = preparedStatement("auth_session_owner", (q) =>
  q
    .select({
      expiresAt: session.expiresAt,
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder("token"))),
);

/**
 * The signed-in user of a request's headers. A session cookie whose session row is live and not
 * yet due for better-auth's refresh is answered by one statement (the session joined to its
 * user) and an HMAC computed here; everything else (a bearer token, no valid signature, no row,
 * an expired session, a session due to be extended) goes to better-auth's own `getSession`,
 * which deletes, refreshes or answers as it always does. Both read the session row on every
 * request, so a sign-out or a revoked session ends at once.
 */
export function sessionReader(auth: SessionAuth, db: Db) {
  async function quickOwner(headers: Headers): Promise<SessionOwner | null> {
    const cookies = headers.get("cookie");
    if (!cookies || headers.has("authorization")) return null;
    const context = await auth.$context;
    const signed = cookieValue(cookies, context.authCookies.sessionToken.name);
    const token = signed ? verifiedToken(signed, context.secret) : null;
    if (!token) return null;
    const [row] = await sessionOwnerStatement(db, { token });
    if (!row) return null;
    const { expiresIn, updateAge } = context.sessionConfig;
    const expiresAt = row.expiresAt.getTime();
    const now = Date.now();
    // better-auth extends a session once it is `updateAge` old: that write stays its own.
    if (expiresAt <= now || expiresAt - expiresIn * 1000 + updateAge * 1000 <= now) return null;
    return { id: row.id, email: row.email, name: row.name, emailVerified: row.emailVerified };
  }

  return async function sessionOwner(headers: Headers): Promise<SessionOwner | null> {
    const quick = await quickOwner(headers);
    if (quick) return quick;
    const result = await auth.api.getSession({ headers });
    return result
      ? {
          id: result.user.id,
          email: result.user.email,
          name: result.user.name,
          emailVerified: result.user.emailVerified === true,
        }
      : null;
  };
}
