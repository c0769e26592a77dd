/**
 * A realtime stream outlives the request that opened it: a merchant whose role was revoked, or
 * who signed out, kept hearing merchant events (a shopper's name and ask) on a stream opened
 * before. The stream now reads the session and the role again before each event, from the
 * database every server process shares.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { publishEvent } from "../src/platform/realtime/event-bus.ts";
import type { HttpClient } from "./support/http-client.ts";
import { shopAdmin, signUpMerchant, useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

/** GET /api/realtime read event by event, up to the stream's end. */
async function openStream(http: HttpClient) {
  const cookies = (http as unknown as { cookies: Map<string, string> }).cookies;
  const res = await fetch(`${http.baseUrl}/api/realtime`, {
    headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  /** The next event's name, or null once the server ended the stream. */
  async function next(): Promise<string | null> {
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        if (event) return event;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffer += decoder.decode(value, { stream: true });
    }
  }
  expect(await next()).toBe("ready");
  return { next, close: () => reader.cancel() };
}

const approvalCreated = () => ({
  type: "approval.created" as const,
  approvalId: randomUUID(),
  negotiationId: randomUUID(),
  requestedDiscountPct: 20,
  requestedDiscountAmount: 4000,
  shopperName: "Sam Shopper",
});

describe.each(DB_KINDS)("realtime streams re-check who listens, on the %s database", (kind) => {
  const shop = useShop(kind, { seed: false });

  async function merchantWithStream() {
    const merchant = await signUpMerchant(shop.server.baseUrl);
    const me = (await merchant.get("/api/me")).json;
    expect(me.roles).toContain("merchant");
    return { merchant, userId: me.user.id as string, stream: await openStream(merchant) };
  }

  it("a merchant whose role was revoked hears no more merchant events, only their own", async () => {
    const { userId, stream } = await merchantWithStream();
    const { db } = shop.server.database;
    await publishEvent(db, approvalCreated());
    expect(await stream.next()).toBe("approval.created");

    const admin = await shopAdmin(shop.server.baseUrl);
    expect((await admin.request("DELETE", `/api/admin/roles/${userId}/merchant`)).status).toBe(200);
    await publishEvent(db, approvalCreated());
    await publishEvent(db, { type: "experiment.updated", experimentId: randomUUID() });
    // Their own order's news still comes, and nothing merchant-only came before it.
    await publishEvent(db, { type: "order.updated", orderId: randomUUID(), status: "shipped", userId });
    expect(await stream.next()).toBe("order.updated");
    await stream.close();
  });

  it("a stream ends with its session: after sign-out no merchant event reaches it", async () => {
    const { merchant, stream } = await merchantWithStream();
    expect((await merchant.post("/api/auth/sign-out", {})).status).toBe(200);
    await publishEvent(shop.server.database.db, approvalCreated());
    expect(await stream.next()).toBeNull();
  });
});
