/**
 * A UCP platform for the tests: an HTTP server that hosts platform profiles (a good one, one of
 * an old protocol version, one without the checkout, a malformed one, a redirect) and counts
 * how often each is fetched, and a client that calls the shop's UCP checkout as a platform does.
 */
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

export const UCP_TEST_VERSION = "2026-04-08";

const capability = (name: string, extra: Record<string, unknown> = {}) => ({
  version: UCP_TEST_VERSION,
  spec: `https://ucp.dev/${UCP_TEST_VERSION}/specification/${name}`,
  schema: `https://ucp.dev/${UCP_TEST_VERSION}/schemas/shopping/${name}.json`,
  ...extra,
});

export function platformProfile(capabilities: Record<string, unknown>, version = UCP_TEST_VERSION) {
  return {
    ucp: {
      version,
      services: {
        "dev.ucp.shopping": [
          {
            version: UCP_TEST_VERSION,
            spec: `https://ucp.dev/${UCP_TEST_VERSION}/specification/overview`,
            transport: "rest",
            schema: `https://ucp.dev/${UCP_TEST_VERSION}/services/shopping/rest.openapi.json`,
          },
        ],
      },
      capabilities,
      payment_handlers: {},
    },
  };
}

const PROFILES: Record<string, unknown> = {
  "/full.json": platformProfile({
    "dev.ucp.shopping.checkout": [capability("checkout")],
    "dev.ucp.shopping.fulfillment": [capability("fulfillment", { extends: "dev.ucp.shopping.checkout" })],
  }),
  "/checkout-only.json": platformProfile({ "dev.ucp.shopping.checkout": [capability("checkout")] }),
  "/old-version.json": platformProfile(
    { "dev.ucp.shopping.checkout": [capability("checkout")] },
    "2026-01-11",
  ),
  "/no-checkout.json": platformProfile({
    "dev.ucp.shopping.checkout": [{ ...capability("checkout"), version: "2025-01-01" }],
  }),
};

export function usePlatform() {
  const fetches = new Map<string, number>();
  let server: Server;
  const platform = { url: "", fetches };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = req.url ?? "/";
      fetches.set(path, (fetches.get(path) ?? 0) + 1);
      if (path === "/redirect.json") {
        res.writeHead(302, { location: "/full.json" }).end();
        return;
      }
      if (path === "/malformed.json") {
        res.writeHead(200, { "content-type": "application/json" }).end("{not json");
        return;
      }
      if (path === "/huge.json") {
        res.writeHead(200, { "content-type": "application/json" }).end(`{"pad":"${"x".repeat(70_000)}"}`);
        return;
      }
      const profile = PROFILES[path];
      if (!profile) {
        res.writeHead(404).end();
        return;
      }
      res
        .writeHead(200, { "content-type": "application/json", "cache-control": "public, max-age=60" })
        .end(JSON.stringify(profile));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    platform.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  return platform;
}

export interface UcpCall {
  method?: "GET" | "POST" | "PUT";
  body?: unknown;
  key?: string | null;
  /** The profile URL sent in UCP-Agent; null sends no header. */
  profile?: string | null;
  idempotencyKey?: string | null;
}

export interface UcpAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on the UCP answers' fields.
  json: any;
}

/** One UCP request as a platform sends it. */
export async function ucp(baseUrl: string, path: string, call: UcpCall): Promise<UcpAnswer> {
  const method = call.method ?? (call.body === undefined && !path.endsWith("/cancel") ? "GET" : "POST");
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (call.key) headers.authorization = `Bearer ${call.key}`;
  if (call.profile) headers["ucp-agent"] = `profile="${call.profile}"`;
  if (method !== "GET" && call.idempotencyKey !== null)
    headers["idempotency-key"] = call.idempotencyKey ?? randomUUID();
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(method === "GET"
      ? {}
      : { body: typeof call.body === "string" ? call.body : JSON.stringify(call.body ?? {}) }),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: asserted as text.
  }
  return { status: res.status, headers: res.headers, json };
}
