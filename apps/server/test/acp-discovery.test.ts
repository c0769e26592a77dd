/**
 * ACP's discovery document (ACP 2026-04-17, rfcs/rfc.discovery.md: GET /.well-known/acp.json),
 * over real HTTP: public, cached an hour, valid against the spec's published DiscoveryResponse
 * (pinned), and what it says works (an agent that knows only the domain creates a session at the
 * base URL it names, in the version it names). Then fuzzed: hostile query strings, headers,
 * methods and bytes after its path, never a 5xx; past the per-address limit, 429 with Retry-After.
 */
import { afterAll, describe, expect, it } from "vitest";
import { acp2026Validated, expectAcp2026 } from "./support/acp-2026-schema.ts";
import { acp } from "./support/acp-client.ts";
import { type Json, useAcpShop } from "./support/acp-shop.ts";
import { DB_KINDS } from "./support/test-server.ts";

const HOSTILE = ["%00", "%ED%A0%80", "%FF%FE", "x".repeat(3000), "a=1&a=2&a[]=3", "%25%32%65"];

describe.each(DB_KINDS)("ACP discovery: /.well-known/acp.json (%s)", (kind) => {
  const { shop, near, agentShopper } = useAcpShop(kind);
  afterAll(() => {
    console.info(`ACP discovery answers validated: ${JSON.stringify(Object.fromEntries(acp2026Validated))}`);
  });

  it("is public, cached an hour, valid against the spec, and leads an agent to a working checkout", async () => {
    const res = await fetch(`${shop.server.baseUrl}/.well-known/acp.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const doc = (await res.json()) as Json;
    expectAcp2026("DiscoveryResponse", doc);
    expect(doc.protocol).toEqual({
      name: "acp",
      version: "2026-04-17",
      supported_versions: ["2025-09-29", "2026-04-17"],
    });
    expect(doc.api_base_url).toBe(`${shop.server.baseUrl}/acp`);
    expect(doc.transports).toEqual(["rest", "mcp"]);
    // This shop sends order webhooks (ACP_WEBHOOK_URL is set), so it offers the orders service.
    expect(doc.capabilities.services).toEqual(["checkout", "orders"]);
    expect(doc.capabilities.extensions).toEqual([{ name: "discount" }]);
    expect(doc.capabilities.supported_currencies).toEqual(["usd"]);
    // Nothing the session negotiates, and no merchant detail (the spec's MUST NOT).
    expect(JSON.stringify(doc)).not.toMatch(/handler|stripe|merchant_id|intervention/i);

    // An agent that knows only the domain: the base URL and version the document names (signed,
    // as this shop asks: ACP_SIGNING_SECRET is set).
    const s = await agentShopper();
    const created = await acp(doc.api_base_url.replace(/\/acp$/, ""), "/checkout_sessions", {
      key: s.key,
      apiVersion: doc.protocol.version,
      body: { currency: "usd", line_items: [{ id: near(30).id }], capabilities: {} },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expectAcp2026("CheckoutSession", created.json);
  });

  it("answers hostile queries, headers, methods and bytes after its path without a 5xx; past the limit 429 with Retry-After", async () => {
    const base = shop.server.baseUrl;
    const requests: { path: string; init: RequestInit }[] = [];
    for (const h of HOSTILE) requests.push({ path: `/.well-known/acp.json?${h}`, init: {} });
    // Paths beside it that are no route go to the web app (not built in these tests: its 503).
    for (const path of ["/.well-known/acp.json%00", "/.well-known/acp.json%ED%A0%80"])
      requests.push({ path, init: {} });
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"])
      requests.push({
        path: "/.well-known/acp.json",
        init: { method, ...(method === "HEAD" || method === "OPTIONS" ? {} : { body: "{\u0000" }) },
      });
    for (const headers of [
      { Authorization: "Bearer hgl_not_a_key" },
      { Authorization: "Bearer \u00ff" },
      { "API-Version": "1999-01-01" },
      { "If-None-Match": 'W/"x"'.repeat(200) },
      { Accept: "text/html" },
      { "X-Forwarded-For": "%00, ::1, 999.1.1.1" },
      { Cookie: "x".repeat(4000) },
    ] as Record<string, string>[])
      requests.push({ path: "/.well-known/acp.json", init: { headers } });

    const failures: string[] = [];
    for (const { path, init } of requests) {
      const res = await fetch(`${base}${path}`, init);
      await res.arrayBuffer();
      if (res.status >= 500) failures.push(`${init.method ?? "GET"} ${path.slice(0, 80)}: ${res.status}`);
    }
    console.info(
      `ACP discovery fuzz (${kind}): ${requests.length} requests, ${failures.length} answered 5xx`,
    );
    expect(failures).toEqual([]);

    let limited: Response | null = null;
    for (let i = 0; i < 200 && !limited; i++) {
      const res = await fetch(`${base}/.well-known/acp.json`);
      if (res.status === 429) limited = res;
      else {
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
    }
    expect(limited, "the per-address limit").not.toBeNull();
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await limited!.json()) as Json).error.message).toMatch(/Wait \d+ seconds/);
  });
});
