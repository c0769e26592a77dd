import { createHmac, randomUUID } from "node:crypto";
import { expectAcp2025Answer } from "./acp-2025-schema.ts";

/** The signing secret the ACP test servers are configured with. */
export const ACP_TEST_SECRET = "acp-test-signing-secret-0123456789";

export interface AcpCall {
  method?: "GET" | "POST";
  /** Sent as is (a string) or as JSON. */
  body?: unknown;
  key?: string | null;
  idempotencyKey?: string | null;
  apiVersion?: string | null;
  /** The signing secret; null sends no Signature; a wrong one forges it. */
  secret?: string | null;
  timestamp?: string;
  headers?: Record<string, string>;
}

export interface AcpAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on the ACP answers' fields.
  json: any;
}

/**
 * base64url(HMAC-SHA256(secret, "<Timestamp>.<METHOD> <path>.<raw body>")): how an agent
 * platform signs for this shop (written here from the documentation, not imported from the server).
 */
export function signAcp(
  secret: string,
  timestamp: string,
  method: string,
  path: string,
  body: string,
): string {
  return createHmac("sha256", secret).update(`${timestamp}.${method} ${path}.${body}`).digest("base64url");
}

/** One ACP request, signed, versioned and keyed as an agent platform sends it unless told otherwise. */
export async function acp(baseUrl: string, path: string, call: AcpCall = {}): Promise<AcpAnswer> {
  const method = call.method ?? (call.body === undefined && !path.endsWith("/cancel") ? "GET" : "POST");
  const raw =
    call.body === undefined
      ? method === "POST"
        ? ""
        : ""
      : typeof call.body === "string"
        ? call.body
        : JSON.stringify(call.body);
  const headers: Record<string, string> = { "Content-Type": "application/json", ...call.headers };
  if (call.key) headers.Authorization = `Bearer ${call.key}`;
  if (call.apiVersion !== null) headers["API-Version"] = call.apiVersion ?? "2025-09-29";
  if (method === "POST" && call.idempotencyKey !== null)
    headers["Idempotency-Key"] = call.idempotencyKey ?? randomUUID();
  const timestamp = call.timestamp ?? new Date().toISOString();
  const secret = call.secret === undefined ? ACP_TEST_SECRET : call.secret;
  if (secret !== null) {
    headers.Timestamp = timestamp;
    headers.Signature = signAcp(secret, timestamp, method, `/acp${path}`, raw);
  }
  const res = await fetch(`${baseUrl}/acp${path}`, {
    method,
    headers,
    ...(method === "POST" ? { body: raw } : {}),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  if (headers["API-Version"] === "2025-09-29") expectAcp2025Answer(path, res.status, json);
  return { status: res.status, headers: res.headers, json };
}
