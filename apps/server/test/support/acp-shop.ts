/**
 * The shop every ACP test file runs against (docs/decisions/0013-acp.md): a merchant's shop with
 * ACP signing and order webhooks to a real receiver, and the helpers the ACP tests share.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { acpCheckoutSessions, user } from "../../src/platform/db/schema.ts";
import { ACP_TEST_SECRET, type AcpCall, acp } from "./acp-client.ts";
import type { HttpClient } from "./http-client.ts";
import { createKey } from "./mcp-client.ts";
import { useMerchantShop } from "./merchant-shop.ts";
import { signUpShopper } from "./shop-fixtures.ts";
import type { DbKind } from "./test-server.ts";
import { WebhookReceiver } from "./webhook-receiver.ts";

const WEBHOOK_SECRET = "acp-test-webhook-secret";
export const ADDRESS = {
  name: "Ada Agent",
  line_one: "1 Market Street",
  line_two: "Suite 5",
  city: "San Francisco",
  state: "CA",
  country: "US",
  postal_code: "94105",
};

// biome-ignore lint/suspicious/noExplicitAny: the ACP answers are asserted field by field.
export type Json = any;
export const total = (session: Json, type: string) =>
  (session.totals as { type: string; amount: number }[]).find((t) => t.type === type)?.amount;

/** Call inside a `describe`: starts the shop and the webhook receiver for its tests. */
export function useAcpShop(kind: DbKind, extraEnv: Record<string, string> = {}) {
  const receiver = new WebhookReceiver(WEBHOOK_SECRET);
  const env: Record<string, string> = {
    ...extraEnv,
    ACP_SIGNING_SECRET: ACP_TEST_SECRET,
    ACP_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ACP_WEBHOOK_POLL_MS: "100",
    ACP_WEBHOOK_RETRY_SECONDS: "0.2",
  };
  beforeAll(async () => {
    await receiver.start();
    env.ACP_WEBHOOK_URL = receiver.url;
  });
  afterAll(async () => {
    await receiver.close();
  });
  const merchantShop = useMerchantShop(kind, { env });
  const { shop } = merchantShop;

  const call = (path: string, options: AcpCall = {}) => acp(shop.server.baseUrl, path, options);

  async function agentShopper() {
    const s = await signUpShopper(shop.server.baseUrl, "Ada Agent");
    const { key, id } = await createKey(s.http, "ACP platform");
    return { ...s, key, keyId: id };
  }

  const webCart = async (http: HttpClient) => (await http.get("/api/cart")).json;

  async function sessionCount(userEmail: string): Promise<number> {
    const [row] = await shop.server.database.db
      .select({ n: count() })
      .from(acpCheckoutSessions)
      .innerJoin(user, eq(user.id, acpCheckoutSessions.userId))
      .where(eq(user.email, userEmail));
    return row?.n ?? 0;
  }

  return { ...merchantShop, receiver, call, agentShopper, webCart, sessionCount };
}
