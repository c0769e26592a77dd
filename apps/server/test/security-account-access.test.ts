/**
 * A password reset and "sign out everywhere" end whatever acts for the account: every session
 * and every API key. Before, a squatter who registered the owner's address and made a key kept
 * reading the account over MCP after the owner took it back with a password reset.
 */
import { describe, expect, it } from "vitest";
import { accountMailLink, tokenOf } from "./support/account-mail.ts";
import { HttpClient, uniqueEmail } from "./support/http-client.ts";
import { createKey } from "./support/mcp-client.ts";
import { useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

const OWNER = "owner.of.the.shop@haggle.test";

/** One MCP request with the key, as an agent sends it: the status says whether the key is in force. */
async function mcpStatus(baseUrl: string, key: string): Promise<number> {
  const res = await fetch(`${baseUrl}/mcp`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${key}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "probe", version: "1" },
      },
    }),
  });
  await res.arrayBuffer();
  return res.status;
}

describe.each(DB_KINDS)("account access ends with a password reset, on the %s database", (kind) => {
  const shop = useShop(kind, { seed: false, env: { ADMIN_EMAILS: OWNER } });
  const base = () => shop.server.baseUrl;

  it("a squatter's API key dies with the owner's password reset, and the answer says so", async () => {
    const squatter = new HttpClient(base());
    expect((await squatter.signUp(OWNER, "squatter-pass-1", "Squatter")).status).toBe(200);
    const { key } = await createKey(squatter, "squatter's agent");
    expect(await mcpStatus(base(), key)).toBe(200);

    // The owner takes the address back: 'Forgot password?', the link from the mail, a new password.
    const owner = new HttpClient(base());
    expect((await owner.post("/api/auth/request-password-reset", { email: OWNER })).status).toBe(200);
    const token = tokenOf(await accountMailLink(base(), OWNER, "reset-password"));
    const reset = await owner.post("/api/auth/reset-password", { token, newPassword: "owners-own-2" });
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    expect(reset.json).toEqual({
      status: true,
      apiKeysRevoked: 1,
      message:
        "Your password has been changed and every session of the account was signed out. 1 API key was revoked too: agents using it need a new key from your account page.",
    });

    expect(await mcpStatus(base(), key)).toBe(401);
    expect((await squatter.get("/api/me")).json).toEqual({ user: null });
    expect((await owner.signIn(OWNER, "owners-own-2")).status).toBe(200);
    expect((await owner.get("/api/me")).json.roles).toContain("admin");
    expect((await owner.get("/api/account/api-keys")).json).toEqual([]);
  });

  it("'sign out everywhere' ends every session and every API key of the account", async () => {
    const email = uniqueEmail("everywhere");
    const laptop = new HttpClient(base());
    expect((await laptop.signUp(email)).status).toBe(200);
    const phone = new HttpClient(base());
    expect((await phone.signIn(email)).status).toBe(200);
    const keys = [await createKey(laptop, "one"), await createKey(laptop, "two")];
    const other = new HttpClient(base());
    expect((await other.signUp(uniqueEmail("bystander"))).status).toBe(200);
    const bystanderKey = await createKey(other, "bystander");

    const ended = await laptop.post("/api/auth/revoke-sessions", {});
    expect(ended.status, JSON.stringify(ended.json)).toBe(200);
    expect(ended.json).toMatchObject({ status: true, apiKeysRevoked: 2 });
    expect(ended.json.message).toBe(
      "Every session of the account was signed out. 2 API keys were revoked too: agents using them need a new key from your account page.",
    );
    for (const device of [laptop, phone]) expect((await device.get("/api/me")).json).toEqual({ user: null });
    for (const { key } of keys) expect(await mcpStatus(base(), key)).toBe(401);
    // Another account's key is not touched.
    expect(await mcpStatus(base(), bystanderKey.key)).toBe(200);
  });
});
