import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { DomainError } from "@haggle/domain/errors";

/**
 * Request signatures (ACP: "Signature over the request with an accompanying Timestamp (RFC 3339),
 * verified with a bounded clock-skew window"; the algorithm is the merchant's to publish). Ours:
 * `Signature: base64url(HMAC-SHA256(ACP_SIGNING_SECRET, "<Timestamp>.<METHOD> <path>.<raw body>"))`,
 * over the exact bytes sent (an empty body for GET and cancel). The method and path are signed
 * too: a GET's signature must not admit a cancel or complete of the same session in its window.
 */
export function requestSignature(
  secret: string,
  timestamp: string,
  request: { method: string; path: string; body: string },
): string {
  return createHmac("sha256", secret)
    .update(`${timestamp}.${request.method.toUpperCase()} ${request.path}.${request.body}`)
    .digest("base64url");
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

function refused(code: string, message: string): DomainError {
  return new DomainError("unauthenticated", code, message);
}

/** Checks a request's Signature and Timestamp; throws an `unauthenticated` domain error when they do not hold. */
export function verifyRequestSignature(
  secret: string,
  headers: { signature: string | undefined; timestamp: string | undefined },
  request: { method: string; path: string; body: string },
  now: Date,
  maxAgeSeconds: number,
): void {
  if (!headers.signature || !headers.timestamp)
    throw refused(
      "SIGNATURE_REQUIRED",
      "This shop requires signed requests: send the Signature and Timestamp headers.",
    );
  const at = RFC3339.test(headers.timestamp) ? Date.parse(headers.timestamp) : Number.NaN;
  if (Number.isNaN(at))
    throw refused(
      "INVALID_TIMESTAMP",
      "The Timestamp header must be an RFC 3339 date-time, such as 2025-09-29T10:30:00Z.",
    );
  if (Math.abs(now.getTime() - at) > maxAgeSeconds * 1000)
    throw refused(
      "STALE_TIMESTAMP",
      `The request's Timestamp is more than ${maxAgeSeconds} seconds away from the shop's clock: sign it again.`,
    );
  const expected = Buffer.from(requestSignature(secret, headers.timestamp, request));
  const given = Buffer.from(headers.signature.trim());
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw refused("INVALID_SIGNATURE", "The Signature header does not match this request.");
}

/** JSON with its object keys sorted, so equal requests compare equal however their keys were ordered. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/** What makes two requests under one Idempotency-Key the same request: method, path and body. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${path}\n${canonicalJson(body)}`)
    .digest("hex");
}
