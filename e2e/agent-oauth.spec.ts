import { auth, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, test } from "./support/fixtures.ts";
import { tabTo } from "./support/keyboard.ts";
import { artifacts, expectLoaded, expectNoSidewaysScroll } from "./support/shop.ts";

/**
 * Linking an agent with OAuth, as the shopper sees it: the MCP SDK's client starts the flow, the
 * browser shows the consent screen (1280 and 390 px wide, answered by keyboard), and the account
 * page's Connected agents lists the agent and revokes it.
 */

const CALLBACK = "http://127.0.0.1:9/agent/callback";

/** The agent's side of OAuth as the MCP SDK asks for it: it keeps what the flow hands it. */
class E2eAgentProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  authorizationUrl: URL | undefined;
  constructor(readonly name: string) {}
  get redirectUrl() {
    return CALLBACK;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [CALLBACK],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      scope: "browse cart offline_access",
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

/** The agent asks: the SDK registers it and names the authorization URL the browser opens. */
async function agentAsks(baseURL: string, name: string): Promise<E2eAgentProvider> {
  const provider = new E2eAgentProvider(name);
  const serverUrl = `${baseURL}/mcp`;
  expect(await auth(provider, { serverUrl, scope: "browse cart offline_access" })).toBe("REDIRECT");
  return provider;
}

/** Opens the consent screen for the agent's request and checks what it says. */
async function openConsent(page: Page, provider: E2eAgentProvider) {
  await page.goto(provider.authorizationUrl!.toString());
  await expect(page).toHaveURL(/\/oauth\/consent\?/);
  const screen = page.getByRole("region", { name: `Allow ${provider.name} to act for you?` });
  await expect(screen).toBeVisible();
  const asks = screen.getByRole("list", { name: "What the agent asks to do" });
  await expect(asks.getByRole("listitem")).toHaveCount(3);
  return screen;
}

/** The agent's callback is not a real server: the browser's arrival there is answered here. */
async function catchCallback(page: Page): Promise<{ arrival: Promise<URL> }> {
  let arrived: (url: URL) => void = () => {};
  const seen = new Promise<URL>((resolve) => {
    arrived = resolve;
  });
  await page.route(`${new URL(CALLBACK).origin}/**`, async (route) => {
    arrived(new URL(route.request().url()));
    await route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<title>Agent</title><p>Back at the agent.</p>",
    });
  });
  return { arrival: seen };
}

test("consent at 1280 and 390 px by keyboard, then Connected agents lists and revokes the agent", async ({
  shopper: { page, account },
  baseURL,
}) => {
  const base = baseURL ?? "";
  // Desktop: the shopper allows the agent, by keyboard.
  await page.setViewportSize({ width: 1280, height: 800 });
  const agent = await agentAsks(base, "E2E Shopping Agent");
  let back = await catchCallback(page);
  const screen = await openConsent(page, agent);
  await expect(screen.getByText(`You are signed in as ${account.email}.`)).toBeVisible();
  await expectNoAxeViolations(page, "the OAuth consent screen (desktop)");
  await page.screenshot({ path: `${artifacts}/oauth-consent-desktop.png` });
  await tabTo(page, screen.getByRole("button", { name: "Allow" }));
  await page.keyboard.press("Enter");
  const allowed = await back.arrival;
  const code = allowed.searchParams.get("code");
  expect(code, allowed.toString()).toBeTruthy();
  expect(await auth(agent, { serverUrl: `${base}/mcp`, authorizationCode: code! })).toBe("AUTHORIZED");
  // The agent uses its token once, so the account page shows when it was last used.
  const client = new Client({ name: "e2e-oauth-agent", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/mcp", base), {
      requestInit: { headers: { Authorization: `Bearer ${agent.saved!.access_token}` } },
    }),
  );
  const cart = await client.callTool({ name: "get_cart", arguments: {} });
  expect(cart.isError ?? false).toBe(false);
  await client.close();

  // Phone: another agent asks; the shopper denies it, by keyboard.
  await page.unroute(`${new URL(CALLBACK).origin}/**`);
  await page.setViewportSize({ width: 390, height: 844 });
  const other = await agentAsks(base, "E2E Other Agent");
  back = await catchCallback(page);
  const phoneScreen = await openConsent(page, other);
  await expectNoSidewaysScroll(page, "the consent screen on a phone");
  await expectNoAxeViolations(page, "the OAuth consent screen (phone)");
  await page.screenshot({ path: `${artifacts}/oauth-consent-phone.png` });
  await tabTo(page, phoneScreen.getByRole("button", { name: "Deny" }));
  await page.keyboard.press("Enter");
  expect((await back.arrival).searchParams.get("error")).toBe("access_denied");

  // Connected agents, desktop then phone: the allowed agent only, with its scopes and last use.
  for (const [width, height, label] of [
    [1280, 800, "desktop"],
    [390, 844, "phone"],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto("/account");
    await expectLoaded(page);
    const region = page.getByRole("region", { name: "Connected agents" });
    const list = region.getByRole("list", { name: "Your connected agents" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByText("E2E Shopping Agent")).toBeVisible();
    await expect(list.getByText(/^May: /)).toBeVisible();
    await expect(list.getByText(/last used/)).toBeVisible();
    await expectNoSidewaysScroll(page, `the account page (${label})`);
    await expectNoAxeViolations(page, `the account page's Connected agents (${label})`);
    await region.screenshot({ path: `${artifacts}/connected-agents-${label}.png` });
  }

  // Revoke by keyboard: the list empties and the agent's token is refused from its next request.
  const region = page.getByRole("region", { name: "Connected agents" });
  await tabTo(page, region.getByRole("button", { name: "Revoke E2E Shopping Agent" }));
  await page.keyboard.press("Enter");
  await expect(region.getByText("No agent is connected.")).toBeVisible();
  const refused = await page.request.post("/mcp", {
    headers: {
      Authorization: `Bearer ${agent.saved!.access_token}`,
      Accept: "application/json, text/event-stream",
    },
    data: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
  });
  expect(refused.status()).toBe(401);
});
