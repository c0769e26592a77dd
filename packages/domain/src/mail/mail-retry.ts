/**
 * How the outbox retries a message the mail server refused or could not take: each failed
 * attempt waits twice as long as the one before, from `baseMs`, never longer than `capMs`; after
 * `maxAttempts` attempts the message is given up as failed, with the last error kept.
 */
export interface MailRetryPolicy {
  maxAttempts: number;
  baseMs: number;
  capMs: number;
}

export const MAIL_STATUSES = ["queued", "sent", "failed", "kept"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** The wait after the `attempts`-th failed attempt (1 = the first): base, 2 x base, 4 x base, ... up to cap. */
export function mailRetryDelayMs(
  attempts: number,
  policy: Pick<MailRetryPolicy, "baseMs" | "capMs">,
): number {
  const exponent = Math.min(Math.max(attempts, 1) - 1, 40);
  return Math.min(policy.baseMs * 2 ** exponent, policy.capMs);
}

/** After a failed attempt: try again after a wait, or give up. */
export function afterFailedAttempt(
  attempts: number,
  policy: MailRetryPolicy,
): { status: "queued"; retryInMs: number } | { status: "failed" } {
  if (attempts >= policy.maxAttempts) return { status: "failed" };
  return { status: "queued", retryInMs: mailRetryDelayMs(attempts, policy) };
}
