import { existsSync, readFileSync } from "node:fs";
import { expect } from "@playwright/test";

/**
 * The e2e servers have no SMTP_URL, so, like a shop set up from the terminal, they write each
 * account e-mail's link to their log; playwright.config.ts sends each server's log to a file
 * named after its data folder. Tests read links there, as an owner would.
 */
export type AccountMailKind = "verify-email" | "reset-password";

function logFileOf(baseURL: string): string {
  const logs = JSON.parse(process.env.E2E_SERVER_LOGS ?? "{}") as Record<string, string>;
  const file = logs[new URL(baseURL).origin];
  if (!file) throw new Error(`no server log known for ${baseURL}`);
  return file;
}

interface LinkLine {
  time?: string;
  mailKind?: string;
  to?: string;
  url?: string;
}

function newestLink(file: string, email: string, kind: AccountMailKind, since: number): string | null {
  if (!existsSync(file)) return null;
  let found: string | null = null;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.includes('"mailKind"')) continue;
    try {
      const entry = JSON.parse(line) as LinkLine;
      const at = entry.time ? Date.parse(entry.time) : 0;
      if (entry.mailKind === kind && entry.to === email.toLowerCase() && entry.url && at >= since)
        found = entry.url;
    } catch {}
  }
  return found;
}

/** The link of the newest account e-mail of this kind to `email` logged since `since` (ms). */
export async function accountMailLink(
  baseURL: string,
  email: string,
  kind: AccountMailKind,
  since: number,
): Promise<string> {
  const file = logFileOf(baseURL);
  let link: string | null = null;
  await expect
    .poll(() => (link = newestLink(file, email, kind, since)), {
      message: `a ${kind} link for ${email} in ${file}`,
      timeout: 30_000,
    })
    .not.toBeNull();
  return link as unknown as string;
}
