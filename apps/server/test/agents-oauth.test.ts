import { auth, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { beforeAll, describe, expect, it } from "vitest";
import { accountMailLink, tokenOf } from "./support/account-mail.ts";
import { HttpClient } from "./support/http-client.ts";
import { call, connectMcp, expectAgentCartAddsUp, ok } from "./support/mcp-client.ts";
import { cents, nearestPrice, signUpShopper, TEST_ADDRESS, useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const REDIRECT = "http://127.0.0.1:9/agent/callback";

/** The agent's side of OAuth as the MCP SDK asks for it: it keeps what the flow hands it. */
class TestAgentProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  authorizationUrl: URL | undefined;
  constructor(private readonly scope: string) {}
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Test Shopping Agent",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      scope: this.scope,
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** Where better-auth sends the browser: a 302, or (for a fetch) JSON naming the address. */
function redirectedTo(res: {
  status: number;
  headers: Headers;
  json: { url?: string } | null;
  text: string;
}): string {
  if (res.status === 302) return res.headers.get("location") ?? "";
  expect(res.status, res.text).toBe(200);
  expect(res.json?.url, res.text).toBeTruthy();
  return res.json!.url!;
}

/** What the consent page does: opens the authorization URL signed in, then approves or denies. */
async function consent(http: HttpClient, authorizationUrl: URL, accept: boolean) {
  const opened = await http.request(
    "GET",
    `${authorizationUrl.pathname}${authorizationUrl.search}`,
    undefined,
    {
      accept: "text/html",
    },
  );
  const consentPage = new URL(redirectedTo(opened), http.baseUrl);
  expect(consentPage.pathname).toBe("/oauth/consent");
  const answer = await http.request("POST", "/api/auth/oauth2/consent", {
    accept,
    oauth_query: consentPage.search.slice(1),
  });
  expect(answer.status, answer.text).toBe(200);
  return new URL(answer.json.redirect_uri ?? answer.json.url);
}

/** An agent through discovery, registration, consent and the code exchange: its provider holds the tokens. */
async function connectAgent(baseUrl: string, http: HttpClient, scope = "browse cart offline_access") {
  const provider = new TestAgentProvider(scope);
  const serverUrl = `${baseUrl}/mcp`;
  expect(await auth(provider, { serverUrl, scope })).toBe("REDIRECT");
  expect(provider.authorizationUrl?.searchParams.get("code_challenge_method")).toBe("S256");
  const back = await consent(http, provider.authorizationUrl!, true);
  const code = back.searchParams.get("code");
  expect(code, back.toString()).toBeTruthy();
  expect(await auth(provider, { serverUrl, authorizationCode: code! })).toBe("AUTHORIZED");
  return provider;
}

/** A raw tools/list over /mcp with this bearer token: its status and headers are what matter. */
function listTools(baseUrl: string, token: string): Promise<Response> {
  return fetch(`${baseUrl}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
}

describe.each(DB_KINDS)("OAuth 2.1 for shoppers' agents on /mcp (%s)", (kind) => {
  const shop = useShop(kind);
  let baseUrl: string;
  beforeAll(() => {
    baseUrl = shop.server.baseUrl;
  });

  it("publishes protected-resource and authorization-server metadata", async () => {
    for (const path of [
      "/.well-known/oauth-protected-resource",
      "/.well-known/oauth-protected-resource/mcp",
    ]) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      const body = (await res.json()) as {
        resource: string;
        authorization_servers: string[];
        scopes_supported: string[];
      };
      expect(body.resource).toBe(`${baseUrl}/mcp`);
      expect(body.authorization_servers).toEqual([`${baseUrl}/api/auth`]);
      expect(body.scopes_supported).toEqual(expect.arrayContaining(["browse", "cart", "negotiate", "order"]));
    }
    for (const path of [
      "/.well-known/oauth-authorization-server",
      "/.well-known/oauth-authorization-server/api/auth",
    ]) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body.issuer).toBe(`${baseUrl}/api/auth`);
      expect(body.code_challenge_methods_supported).toEqual(["S256"]);
      expect(body.registration_endpoint).toBeTruthy();
      expect(body.revocation_endpoint).toBeTruthy();
    }
  });

  it("the SDK's auth flow end to end: register, consent, token, a cart tool, refresh, revoke → 401", async () => {
    const { http } = await signUpShopper(baseUrl, "OAuth Owner");
    const provider = await connectAgent(baseUrl, http);
    const first = provider.saved!;
    expect(first.refresh_token).toBeTruthy();

    const client = await connectMcp(baseUrl, first.access_token);
    const product = shop.catalogue.find((p) => p.inStock)!;
    const added = await call(client, "update_cart", { productId: product.id, quantity: 1 });
    expect(added.isError, added.text).toBe(false);
    const cart = await call(client, "get_cart");
    expect(cart.value.cart.items[0].quantity).toBe(1);
    await client.close();

    // A tool outside the granted scopes: 403 insufficient_scope, with a sentence.
    const negotiate = await fetch(`${baseUrl}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${first.access_token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "negotiate", arguments: { message: "10% off?" } },
      }),
    });
    expect(negotiate.status).toBe(403);
    expect(negotiate.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
    expect(((await negotiate.json()) as { error: { message: string } }).error.message).toContain("negotiate");

    // The account page lists the agent with its scopes.
    const listed = await http.request("GET", "/api/account/connected-agents");
    expect(listed.status).toBe(200);
    expect(listed.json).toHaveLength(1);
    expect(listed.json[0].name).toBe("Test Shopping Agent");
    expect(listed.json[0].scopes).toEqual(expect.arrayContaining(["browse", "cart"]));
    expect(listed.json[0].lastUsedAt).not.toBeNull();

    // Refresh: the SDK trades the refresh token for new tokens.
    expect(await auth(provider, { serverUrl: `${baseUrl}/mcp` })).toBe("AUTHORIZED");
    const refreshed = provider.saved!;
    expect(refreshed.access_token).not.toBe(first.access_token);
    const again = await connectMcp(baseUrl, refreshed.access_token);
    expect((await call(again, "get_cart")).isError).toBe(false);
    await again.close();

    // Revoked on the account page: the next request is 401 with the resource metadata's address.
    const revoked = await http.request("POST", "/api/account/connected-agents/revoke", {
      clientId: listed.json[0].clientId,
    });
    expect(revoked.status, revoked.text).toBe(200);
    const refused = await listTools(baseUrl, refreshed.access_token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain(
      `resource_metadata="${baseUrl}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect((await http.request("GET", "/api/account/connected-agents")).json).toHaveLength(0);
    // The refresh token ended too.
    const token = await fetch(`${baseUrl}/api/auth/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: refreshed.refresh_token!,
        client_id: provider.client!.client_id,
      }),
    });
    expect(token.status).toBeGreaterThanOrEqual(400);
    expect(token.status).toBeLessThan(500);
  });

  it("an agent linked by OAuth with every scope haggles and buys: the order carries Ava's discount", async () => {
    const { http } = await signUpShopper(baseUrl, "OAuth Buyer");
    const provider = await connectAgent(baseUrl, http, "browse cart negotiate order");
    const client = await connectMcp(baseUrl, provider.saved!.access_token);
    const product = nearestPrice(
      shop.catalogue.filter((p) => p.inStock && p.stockLevel > 5),
      200,
    );
    await ok(client, "update_cart", { productId: product.id, quantity: 2 });
    const turn = await ok(client, "negotiate", { message: "Could you do a discount on these?" });
    expect(turn.offer, turn.reply).not.toBeNull();
    expect(turn.offer.discountAmount).toBeGreaterThan(0);
    const { cart } = await ok(client, "accept_offer");
    expect(cents(cart.discount)).toBe(cents(turn.offer.discountAmount));
    expectAgentCartAddsUp(cart);
    const placed = await ok(client, "start_checkout", {
      address: TEST_ADDRESS,
      idempotencyKey: "oauth-buy-1",
    });
    expect(placed.status).toBe("placed");
    expect(cents(placed.order.discount)).toBe(cents(turn.offer.discountAmount));
    expect(cents(placed.order.total)).toBe(cents(cart.total));
    // The shopper sees the agent's order on their own account.
    const orders = (await http.get("/api/orders")).json;
    expect(JSON.stringify(orders)).toContain(placed.order.id);
    await client.close();
  });

  it("anonymous agents still browse without a token; “sign out everywhere” ends an OAuth agent's access", async () => {
    const anonymous = await connectMcp(baseUrl);
    expect((await call(anonymous, "search_products", { query: "shoes" })).isError).toBe(false);
    await anonymous.close();

    const { http } = await signUpShopper(baseUrl, "Everywhere Owner");
    const provider = await connectAgent(baseUrl, http, "browse cart");
    const ended = await http.request("POST", "/api/auth/revoke-sessions", {});
    expect(ended.status, ended.text).toBe(200);
    const res = await listTools(baseUrl, provider.saved!.access_token);
    expect(res.status).toBe(401);
  });

  it("a password reset ends an OAuth agent's access", async () => {
    const { http, email } = await signUpShopper(baseUrl, "Resetting Owner");
    const provider = await connectAgent(baseUrl, http, "browse cart");
    const asked = await new HttpClient(baseUrl).post("/api/auth/request-password-reset", { email });
    expect(asked.status, JSON.stringify(asked.json)).toBe(200);
    const token = tokenOf(await accountMailLink(baseUrl, email, "reset-password"));
    const reset = await new HttpClient(baseUrl).post("/api/auth/reset-password", {
      token,
      newPassword: "another-secret-9",
    });
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    const res = await listTools(baseUrl, provider.saved!.access_token);
    expect(res.status).toBe(401);
  });

  it("a denied consent returns access_denied to the agent and grants nothing", async () => {
    const { http } = await signUpShopper(baseUrl, "Denying Owner");
    const provider = new TestAgentProvider("browse cart");
    expect(await auth(provider, { serverUrl: `${baseUrl}/mcp`, scope: "browse cart" })).toBe("REDIRECT");
    const back = await consent(http, provider.authorizationUrl!, false);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("code")).toBeNull();
    expect((await http.request("GET", "/api/account/connected-agents")).json).toHaveLength(0);
  });

  it("refuses with 4xx sentences: bad PKCE, wrong redirect, unknown client, wrong resource", async () => {
    const { http } = await signUpShopper(baseUrl, "Careful Owner");
    const provider = new TestAgentProvider("browse cart");
    expect(await auth(provider, { serverUrl: `${baseUrl}/mcp`, scope: "browse cart" })).toBe("REDIRECT");
    const url = provider.authorizationUrl!;

    const tampered = (change: (u: URL) => void) => {
      const u = new URL(url);
      change(u);
      return http.request("GET", `${u.pathname}${u.search}`, undefined, { accept: "text/html" });
    };
    const refusal = async (change: (u: URL) => void) =>
      new URL(redirectedTo(await tampered(change)), baseUrl);

    // Never sent back to an address the agent did not register: the shop's own error page.
    const wrongRedirect = await refusal((u) => u.searchParams.set("redirect_uri", "https://evil.example/cb"));
    expect(wrongRedirect.origin).toBe(baseUrl);
    expect(wrongRedirect.searchParams.get("error")).toBe("invalid_redirect");
    expect(wrongRedirect.searchParams.get("error_description")).toMatch(/redirect uri/i);

    const unknownClient = await refusal((u) => u.searchParams.set("client_id", "no-such-agent"));
    expect(unknownClient.origin).toBe(baseUrl);
    expect(unknownClient.searchParams.get("error")).toBe("invalid_client");

    // A token for another resource: refused back to the agent with invalid_target (RFC 8707).
    const wrongResource = await refusal((u) => u.searchParams.set("resource", "https://evil.example/mcp"));
    expect(wrongResource.searchParams.get("error")).toBe("invalid_target");
    expect(wrongResource.searchParams.get("error_description")).toMatch(/not configured/);

    // PKCE is S256 only.
    const plain = await refusal((u) => u.searchParams.set("code_challenge_method", "plain"));
    expect(plain.searchParams.get("error")).toBe("invalid_request");
    expect(plain.searchParams.get("error_description")).toMatch(/S256/);

    const errorPage = await http.request("GET", `${unknownClient.pathname}${unknownClient.search}`);
    expect(errorPage.status).toBeLessThan(500);

    // A right code with the wrong verifier: 4xx with a description (the library says invalid_request).
    const back = await consent(http, url, true);
    const token = await fetch(`${baseUrl}/api/auth/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: back.searchParams.get("code")!,
        redirect_uri: REDIRECT,
        client_id: provider.client!.client_id,
        code_verifier: "x".repeat(64),
        resource: `${baseUrl}/mcp`,
      }),
    });
    const body = (await token.json()) as { error: string; error_description?: string };
    expect([400, 401], JSON.stringify(body)).toContain(token.status);
    expect(body.error).toMatch(/^invalid_(grant|request)$/);
    expect(body.error_description).toMatch(/code verification failed/);
  });
});
