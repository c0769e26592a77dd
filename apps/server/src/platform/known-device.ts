import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * A browser the account's owner signed in from before: a cookie the server signed on that
 * successful sign-in, for that account only. The cap on an account's failed sign-ins from every
 * address together would otherwise lock its owner out too; a known device passes it (its own
 * address's backoff still applies). Nothing is stored: the signature is the proof.
 */
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const normalized = (email: string) => email.trim().toLowerCase();

function signature(secret: string, email: string, nonce: string): string {
  return createHmac("sha256", secret)
    .update(`known-device:${normalized(email)}:${nonce}`)
    .digest("base64url");
}

/** The cookie's name for this account: one per account a browser signed in to. */
export function knownDeviceCookieName(email: string): string {
  return `haggle_device_${createHash("sha256").update(normalized(email)).digest("hex").slice(0, 16)}`;
}

/** A new cookie value proving this browser signed in to the account. */
export function knownDeviceCookieValue(secret: string, email: string): string {
  const nonce = randomBytes(12).toString("base64url");
  return `${nonce}.${signature(secret, email, nonce)}`;
}

/** Whether the cookie value was signed by this server for this account. */
export function isKnownDevice(secret: string, email: string, value: string | undefined): boolean {
  if (!value || value.length > 200) return false;
  const [nonce, given] = value.split(".");
  if (!nonce || !given) return false;
  const expected = Buffer.from(signature(secret, email, nonce));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
