/**
 * The unpaid-order expiry job as the server runs it: on its own schedule inside the
 * server, and in two real server processes sharing one PostgreSQL database, where each order
 * must be cancelled, voided at Stripe and have its stock returned exactly once.
 */
import { randomUUID } from "node:crypto";
import type { Product } from "@haggle/contract/products";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/platform/db/client.ts";
import { orders, products } from "../src/platform/db/schema.ts";
import { FakeStripe } from "./support/fake-stripe.ts";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";
import { loadCatalogue, postCheckout, shopperWithCart, TEST_ADDRESS } from "./support/shop-fixtures.ts";
import { createServerDatabase, startTestServer, type TestServer } from "./support/test-server.ts";

const STRIPE_BODY = { address: TEST_ADDRESS, paymentMethod: "stripe" } as const;
const LONG_AGO = () => new Date(Date.now() - 31 * 60_000);

async function until(condition: () => Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function placeCardOrders(baseUrl: string, product: Product, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { http } = await shopperWithCart(baseUrl, [product]);
    const placed = await postCheckout(http, randomUUID(), STRIPE_BODY);
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    ids.push(placed.json.id);
  }
  return ids;
}

describe("the expiry job on the server's own schedule (embedded database)", () => {
  const fake = new FakeStripe();
  let server: TestServer;
  beforeAll(async () => {
    await fake.start();
    server = await startTestServer("embedded", { env: { ...fake.env(), PAYMENT_EXPIRY_CHECK_SECONDS: "1" } });
  });
  afterAll(async () => {
    await server?.close();
    await fake.close();
  });

  it("cancels card orders not paid in time by itself, and the server closes with the job stopped", async () => {
    const product = (await loadCatalogue(server.baseUrl)).find((p) => p.stockLevel >= 20)!;
    const db = server.database.db;
    const stock = async () =>
      (await db.select({ s: products.stockLevel }).from(products).where(eq(products.id, product.id)))[0]?.s;
    const before = await stock();
    const ids = await placeCardOrders(server.baseUrl, product, 3);
    expect(await stock()).toBe(before! - 3);
    await db.update(orders).set({ createdAt: LONG_AGO() }).where(inArray(orders.id, ids));
    await until(async () => {
      const rows = await db.select().from(orders).where(inArray(orders.id, ids));
      return rows.every((r) => r.status === "cancelled" && r.paymentStatus === "expired");
    }, "the job cancelled the orders");
    expect(await stock()).toBe(before);
    expect(fake.callsTo("POST", /\/cancel$/)).toHaveLength(3);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "the expiry job in two server processes sharing one PostgreSQL database",
  () => {
    const fake = new FakeStripe();
    let a: ServerProcess;
    let b: ServerProcess;
    let url: string;
    let drop: () => Promise<void>;

    // An upper bound: two server processes took over 120 s to start at load 30 (then through tsx).
    beforeAll(async () => {
      await fake.start();
      const created = await createServerDatabase();
      url = created.url;
      drop = created.drop;
      const env = {
        ...fake.env(),
        DATABASE_URL: url,
        AUTH_SECRET: "expiry-two-processes-secret-0123456789",
        PAYMENT_EXPIRY_CHECK_SECONDS: "1",
      };
      a = await startServerProcess(env);
      b = await startServerProcess({ ...env, SEED_ON_START: "false" });
    }, 300_000);
    afterAll(async () => {
      await a?.stop();
      await b?.stop();
      await drop?.();
      await fake.close();
    });

    /** The order ids a process's log says its job cancelled. */
    const cancelledBy = (process: ServerProcess): string[] =>
      process
        .logs()
        .split("\n")
        .filter((line) => line.includes("orders not paid in time were cancelled"))
        .flatMap((line) => (JSON.parse(line) as { cancelled: string[] }).cancelled);

    it("cancels each order once: one void at Stripe each, the stock back exactly once", async () => {
      const product = (await loadCatalogue(a.baseUrl)).find((p) => p.stockLevel >= 30)!;
      const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
      try {
        const db = database.db;
        const stock = async () =>
          (await db.select({ s: products.stockLevel }).from(products).where(eq(products.id, product.id)))[0]
            ?.s;
        const before = await stock();
        // Half the orders through each process; all of them due at the same moment.
        const ids = [
          ...(await placeCardOrders(a.baseUrl, product, 6)),
          ...(await placeCardOrders(b.baseUrl, product, 6)),
        ];
        expect(await stock()).toBe(before! - 12);
        await db.update(orders).set({ createdAt: LONG_AGO() }).where(inArray(orders.id, ids));
        await until(async () => {
          const rows = await db.select().from(orders).where(inArray(orders.id, ids));
          return rows.every((r) => r.status === "cancelled");
        }, "both processes' jobs cancelled every order");
        // A job logs what it cancelled after its commit: the line may reach the pipe a moment later.
        const logged = () => [...cancelledBy(a), ...cancelledBy(b)].filter((id) => ids.includes(id));
        await until(async () => logged().length >= ids.length, "both processes logged what they cancelled");

        const byA = cancelledBy(a);
        const byB = cancelledBy(b);
        const all = [...byA, ...byB].filter((id) => ids.includes(id));
        expect(all.sort()).toEqual([...ids].sort());
        expect(new Set(all).size).toBe(ids.length);
        const rows = await db.select().from(orders).where(inArray(orders.id, ids));
        for (const row of rows) {
          expect(row.paymentStatus).toBe("expired");
          const voids = fake.callsTo(
            "POST",
            new RegExp(`^/v1/payment_intents/${row.paymentReference}/cancel$`),
          );
          expect(voids).toHaveLength(1);
        }
        expect(await stock()).toBe(before);
        console.info(
          `[postgres, two processes] expiry: ${ids.length} due card orders, process A cancelled ${byA.length}, process B ${byB.length}`,
        );
      } finally {
        await database.close();
      }
      // Both stop cleanly (SIGTERM: requests, then the job, then the database).
      await a.stop();
      await b.stop();
      expect(await a.exited).toBe(0);
      expect(await b.exited).toBe(0);
    });
  },
);
