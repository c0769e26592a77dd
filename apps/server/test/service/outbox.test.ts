import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../src/platform/db/client.ts";
import { outboxOf } from "../../src/platform/db/outbox.ts";
import {
  acpCheckoutSessions,
  acpWebhookEvents,
  carts,
  mailOutbox,
  user,
} from "../../src/platform/db/schema.ts";
import { DB_KINDS, openFreshTestDatabase } from "../support/test-server.ts";

/**
 * The one outbox bookkeeping both outboxes use (e-mail and ACP order webhooks): claim, sent,
 * failed with retries, released, on the database's clock. Service tier: the store against a
 * database, no HTTP.
 */
const policy = { maxAttempts: 3, baseMs: 60_000, capMs: 10 * 60_000 };
const mail = outboxOf(mailOutbox);
const webhooks = outboxOf(acpWebhookEvents, { tieBreak: acpWebhookEvents.createdAt });

describe.each(DB_KINDS)("the outbox's bookkeeping (%s)", (kind) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openFreshTestDatabase(kind));
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });
  beforeEach(async () => {
    await database.db.delete(mailOutbox);
    await database.db.delete(acpWebhookEvents);
  });

  async function queueMail(n: number): Promise<string[]> {
    const rows = await database.db
      .insert(mailOutbox)
      .values(
        Array.from({ length: n }, (_, i) => ({
          kind: "test",
          to: `shopper${i}@haggle.test`,
          status: "queued",
        })),
      )
      .returning({ id: mailOutbox.id });
    return rows.map((r) => r.id);
  }
  const rowOf = async (id: string) =>
    (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

  it("claims each due row once, counts the attempt and leases it", async () => {
    await queueMail(3);
    const first = await mail.claimDue(database.db, 2, 60_000);
    const second = await mail.claimDue(database.db, 10, 60_000);
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(1);
    expect(await mail.claimDue(database.db, 10, 60_000)).toEqual([]);
    const ids = [...first, ...second].map((r) => r.id);
    expect(new Set(ids).size).toBe(3);
    for (const row of [...first, ...second]) expect(row.attempts).toBe(1);
    // Leased: none is due before the lease ends.
    const wait = await mail.msUntilNextDue(database.db);
    expect(wait).toBeGreaterThan(30_000);
  });

  it("marks the claim sent on the database's clock, and a stale claim changes nothing", async () => {
    const [id] = await queueMail(1);
    const [claimed] = await mail.claimDue(database.db, 1, 60_000);
    expect(await mail.markSent(database.db, id!, 0)).toBe(false);
    expect(await mail.markSent(database.db, id!, claimed!.attempts)).toBe(true);
    const row = await rowOf(id!);
    expect(row.status).toBe("sent");
    expect(row.sentAt).not.toBeNull();
    const byTheDatabase = await database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(sql`${mailOutbox.sentAt} <= now() and ${mailOutbox.sentAt} > now() - interval '1 minute'`);
    expect(byTheDatabase).toEqual([{ id }]);
    // Sent once is sent: a second mark (a later claim of the same attempt) finds no queued row.
    expect(await mail.markSent(database.db, id!, claimed!.attempts)).toBe(false);
    expect(await mail.msUntilNextDue(database.db)).toBeNull();
  });

  it("waits twice as long after each failed attempt, then gives up with the last error", async () => {
    const [id] = await queueMail(1);
    const outcomes = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      // Make the retry due now, as the clock would after its wait.
      await database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id!));
      const [claimed] = await mail.claimDue(database.db, 1, 60_000);
      expect(claimed?.attempts).toBe(attempt);
      outcomes.push(await mail.markFailed(database.db, id!, attempt, `refused ${attempt}`, policy));
    }
    expect(outcomes).toEqual([
      { status: "queued", retryInMs: 60_000 },
      { status: "queued", retryInMs: 120_000 },
      { status: "failed" },
    ]);
    const row = await rowOf(id!);
    expect(row.status).toBe("failed");
    expect(row.lastError).toBe("refused 3");
    expect(await mail.claimDue(database.db, 1, 60_000)).toEqual([]);
  });

  it("a retry is due after its wait, measured by the database", async () => {
    const [id] = await queueMail(1);
    await mail.claimDue(database.db, 1, 60_000);
    await mail.markFailed(database.db, id!, 1, "timeout", policy);
    const wait = await mail.msUntilNextDue(database.db);
    expect(wait).toBeGreaterThan(30_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect((await rowOf(id!)).status).toBe("queued");
  });

  it("a released claim is due again at once, its attempt not counted", async () => {
    const [id] = await queueMail(1);
    const [claimed] = await mail.claimDue(database.db, 1, 60_000);
    await mail.release(database.db, id!, claimed!.attempts);
    expect(await mail.msUntilNextDue(database.db)).toBe(0);
    const [again] = await mail.claimDue(database.db, 1, 60_000);
    expect(again?.id).toBe(id);
    expect(again?.attempts).toBe(1);
  });

  it("the webhooks' outbox keeps the same rules, oldest queued first", async () => {
    await database.db.insert(user).values({ id: "outbox-user", name: "Outbox", email: "outbox@haggle.test" });
    const [cart] = await database.db
      .insert(carts)
      .values({ userId: "outbox-user" })
      .returning({ id: carts.id });
    await database.db
      .insert(acpCheckoutSessions)
      .values({ id: "cs_outbox", userId: "outbox-user", cartId: cart!.id });
    const at = new Date("2026-01-01T00:00:00Z");
    const queued = await database.db
      .insert(acpWebhookEvents)
      .values(
        ["order_create", "order_update"].map((type, i) => ({
          sessionId: "cs_outbox",
          type,
          payload: "{}",
          nextAttemptAt: at,
          createdAt: new Date(at.getTime() + i * 1000),
        })),
      )
      .returning({ id: acpWebhookEvents.id });
    const [first] = await webhooks.claimDue(database.db, 1, 60_000);
    expect(first?.id).toBe(queued[0]!.id);
    expect(await webhooks.markFailed(database.db, first!.id, 1, "HTTP 500", policy)).toEqual({
      status: "queued",
      retryInMs: 60_000,
    });
    const [second] = await webhooks.claimDue(database.db, 1, 60_000);
    expect(second?.id).toBe(queued[1]!.id);
    expect(await webhooks.markSent(database.db, second!.id, 1)).toBe(true);
    // The failed one is not due before its wait; a stale mark changes nothing.
    expect(await webhooks.claimDue(database.db, 10, 60_000)).toEqual([]);
    expect(await webhooks.markSent(database.db, first!.id, 0)).toBe(false);
    const [row] = await database.db.select().from(acpWebhookEvents).where(eq(acpWebhookEvents.id, first!.id));
    expect(row?.status).toBe("queued");
    expect(row?.lastError).toBe("HTTP 500");
  });
});
