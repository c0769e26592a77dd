/**
 * Reading the links of account e-mails (verification, password reset) the way a person would:
 * from the outbox a test server keeps, or from the log a server process writes when it has no
 * SMTP_URL. Each server registers its reader under its address.
 */
import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Queryable } from "../../src/platform/db/client.ts";
import { mailOutbox } from "../../src/platform/db/schema.ts";
import type { HttpClient } from "./http-client.ts";

export type AccountMailKind = "verify-email" | "reset-password";
type Reader = (email: string, kind: AccountMailKind) => Promise<string | null>;

const readers = new Map<string, Reader>();

export function registerAccountMailReader(baseUrl: string, reader: Reader): () => void {
  readers.set(baseUrl, reader);
  return () => {
    if (readers.get(baseUrl) === reader) readers.delete(baseUrl);
  };
}

const LINK = /https?:\/\/\S+?\?token=[^\s"<]+/;

/** The link in a message's plain-text part. */
export function linkIn(text: string): string | null {
  return text.match(LINK)?.[0] ?? null;
}

/** The newest account e-mail of this kind to this address, from the outbox table. */
export function outboxReader(db: Queryable): Reader {
  return async (email, kind) => {
    const [row] = await db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.to, email.toLowerCase())))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return row?.text ? linkIn(row.text) : null;
  };
}

/** The newest link of this kind for this address among a process's pino log lines. */
export function logReader(logs: () => string): Reader {
  return async (email, kind) => {
    let found: string | null = null;
    for (const line of logs().split("\n")) {
      if (!line.includes('"mailKind"')) continue;
      try {
        const entry = JSON.parse(line) as { mailKind?: string; to?: string; url?: string };
        if (entry.mailKind === kind && entry.to === email.toLowerCase() && entry.url) found = entry.url;
      } catch {}
    }
    return found;
  };
}

/** The link of the newest account e-mail of this kind to this address; waits for it briefly. */
export async function accountMailLink(
  baseUrl: string,
  email: string,
  kind: AccountMailKind,
): Promise<string> {
  const reader = readers.get(baseUrl);
  if (!reader) throw new Error(`no account mail reader for ${baseUrl}`);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const link = await reader(email, kind);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no ${kind} e-mail to ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get("token");
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/** Opens the newest verification link sent to `email`, as the signed-in `http` (the web page's call). */
export async function verifyEmail(http: HttpClient, baseUrl: string, email: string): Promise<void> {
  const token = tokenOf(await accountMailLink(baseUrl, email, "verify-email"));
  const res = await http.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}
