/**
 * Every path parameter of every declared route (the API's, ACP's, better-auth's), and the MCP
 * endpoint's path, filled with what a database or a file system chokes on: NUL (plain and as
 * an overlong UTF-8 sequence), lone surrogates (as the UTF-8 bytes they would take), bytes
 * that are no UTF-8, and values far longer than any id. Asked as a signed-in merchant and
 * admin (cookie), with an API key (bearer) and anonymously: never a 5xx (a NUL is 400, the
 * rest 404 or the route's own refusal).
 */
import { randomUUID } from "node:crypto";
import { ACP_API_VERSION } from "@haggle/contract/acp";
import { describe, expect, it } from "vitest";
import { API_ROUTES } from "../src/app.ts";
import type { HttpClient } from "./support/http-client.ts";
import { grantRole, signUpShopper, useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

/** Path segments as they go on the wire (already percent-encoded where they need to be). */
const HOSTILE_SEGMENTS = [
  "%00",
  "a%00b",
  "%C0%80",
  "%ED%A0%80",
  "%ED%BF%BF",
  "x%ED%A0%80y",
  "%EF%BF%BD",
  "%FF%FE",
  "%01%1F%7F",
  "x".repeat(300),
  "7".repeat(5_000),
  `${randomUUID()}${"a".repeat(2_000)}`,
];

const BODY_METHODS = new Set(["post", "put", "patch"]);

function cookieOf(http: HttpClient): string {
  const jar = (http as unknown as { cookies: Map<string, string> }).cookies;
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

describe.each(DB_KINDS)("path parameters of every route on the %s database", (kind) => {
  const shop = useShop(kind, { seed: false });

  it("answer hostile values with a 4xx, never a 5xx", async () => {
    const baseUrl = shop.server.baseUrl;
    const { http, email } = await signUpShopper(baseUrl, "Fuzz Merchant");
    await grantRole(baseUrl, email, "merchant");
    await grantRole(baseUrl, email, "admin");
    const key = (await http.post("/api/account/api-keys", { name: "fuzz" })).json.key as string;
    expect(key).toMatch(/^hgl_/);
    const callers: Record<string, Record<string, string>> = {
      cookie: { cookie: cookieOf(http), origin: baseUrl },
      bearer: { authorization: `Bearer ${key}` },
      anonymous: {},
    };
    const targets: { method: string; path: string }[] = [];
    for (const route of API_ROUTES) {
      if (!route.path.includes("{")) continue;
      for (const segment of HOSTILE_SEGMENTS)
        targets.push({ method: route.method, path: route.path.replaceAll(/\{\w+\}/g, segment) });
    }
    // MCP has one path: its hostile values go in the query and below it.
    for (const segment of HOSTILE_SEGMENTS) {
      for (const method of ["get", "post", "delete"])
        targets.push({ method, path: `/mcp?session=${segment}` });
      targets.push({ method: "post", path: `/mcp/${segment}` });
    }
    const declaredWithParams = new Set(
      API_ROUTES.filter((r) => r.path.includes("{")).map((r) => r.path.split("/")[1]),
    );
    expect([...declaredWithParams].sort()).toEqual(["acp", "api", "images", "ucp"]);

    let requests = 0;
    const failures: string[] = [];
    for (const target of targets) {
      for (const [who, headers] of Object.entries(callers)) {
        const res = await fetch(`${baseUrl}${target.path}`, {
          method: target.method.toUpperCase(),
          headers: {
            ...headers,
            "api-version": ACP_API_VERSION,
            "idempotency-key": randomUUID(),
            ...(BODY_METHODS.has(target.method) ? { "content-type": "application/json" } : {}),
          },
          body: BODY_METHODS.has(target.method) ? "{}" : undefined,
        });
        await res.arrayBuffer();
        requests++;
        if (res.status >= 500)
          failures.push(
            `${target.method.toUpperCase()} ${target.path.slice(0, 120)} (${who}): ${res.status}`,
          );
      }
    }
    // ACP's refusal keeps ACP's error shape.
    const acp = await fetch(`${baseUrl}/acp/checkout_sessions/a%00b`, { headers: callers.bearer });
    expect(acp.status).toBe(400);
    expect(((await acp.json()) as { type: string }).type).toBe("invalid_request");
    console.log(`path fuzz on the ${kind} database: ${requests} requests, ${failures.length} answered 5xx`);
    expect(failures.join("\n")).toBe("");
  });
});
