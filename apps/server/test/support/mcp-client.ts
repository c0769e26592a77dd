import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect } from "vitest";
import type { HttpClient } from "./http-client.ts";
import { cents } from "./shop-fixtures.ts";

/** The official SDK's client connected to the shop's /mcp over Streamable HTTP, with a key or none. */
export async function connectMcp(baseUrl: string, apiKey?: string): Promise<Client> {
  const client = new Client({ name: "haggle-test-agent", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", baseUrl), {
    requestInit: apiKey ? { headers: { Authorization: `Bearer ${apiKey}` } } : {},
  });
  await client.connect(transport);
  return client;
}

/** A tool call's answer: its structured content, or the error sentence it gave. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("");
  return {
    isError: result.isError === true,
    text,
    // biome-ignore lint/suspicious/noExplicitAny: tests read the tools' structured answers and assert on them.
    value: result.structuredContent as any,
  };
}

/** A tool call that must succeed: its structured content. */
export async function ok(client: Client, name: string, args: Record<string, unknown> = {}) {
  const answer = await call(client, name, args);
  expect(answer.isError, answer.text).toBe(false);
  return answer.value;
}

/** A new API key made by the signed-in shopper on their account page's API. */
export async function createKey(http: HttpClient, name = "Test agent"): Promise<{ id: string; key: string }> {
  const created = await http.post("/api/account/api-keys", { name });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.json;
}

/**
 * An MCP cart's figures add up to the total it states: subtotal - Ava's discount - the code's
 * discount + shipping + tax, the tax left out when the prices hold it (each in dollars, compared
 * in cents).
 */
export function expectAgentCartAddsUp(cart: {
  subtotal: number;
  discount: number;
  discountCode?: { discount: number };
  shipping: number;
  tax: number;
  total: number;
  taxIncluded: boolean;
}): void {
  expect(
    cents(cart.subtotal) -
      cents(cart.discount) -
      cents(cart.discountCode?.discount ?? 0) +
      cents(cart.shipping) +
      (cart.taxIncluded ? 0 : cents(cart.tax)),
  ).toBe(cents(cart.total));
}
