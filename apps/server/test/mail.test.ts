/**
 * E-mail for orders over real HTTP, on both databases, against a real SMTP
 * server (smtp-server, read back with mailparser): what a checkout sends and with which figures,
 * that a hanging or dead mail server never holds a checkout and its mail goes out once the
 * server is back, giving up after the last attempt, several senders delivering each message
 * once, and the merchant's outbox when no SMTP_URL is set.
 */
import { orderNumber } from "@haggle/domain/orders/order-number";
import { formatMoney } from "@haggle/domain/pricing/money";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../src/env.ts";
import { MailSender } from "../src/modules/mail/mail-sender.service.ts";
import { enqueueMail, listOrderMail, type MailRow } from "../src/platform/mail/outbox.store.ts";
import { mailOutbox } from "../src/platform/db/schema.ts";
import { createLogger } from "../src/platform/logger.ts";
import type { MailSettings } from "../src/platform/mail/mail-settings.ts";
import { createSmtpTransport } from "../src/platform/mail/smtp-transport.ts";
import { HttpClient } from "./support/http-client.ts";
import { useMerchantShop } from "./support/merchant-shop.ts";
import { freePort, startServerProcess } from "./support/server-process.ts";
import {
  cents,
  checkedOut,
  grantRole,
  loadCatalogue,
  shopperWithCart,
  signUpShopper,
} from "./support/shop-fixtures.ts";
import {
  eventually,
  type ReceivedMail,
  SMTP_PASS,
  SMTP_USER,
  startSilentServer,
  startSmtpServer,
  type TestSmtpServer,
} from "./support/smtp-server.ts";
import { DB_KINDS, type DbKind, startTestServer, type TestServer } from "./support/test-server.ts";

const MERCHANT_EMAIL = "owner@shop.test";
const MAIL_FROM = "Haggle Test <orders@shop.test>";
const smtpUrl = (port: number) => `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${port}`;
const silent = createLogger("silent");

// Each suite's mail server has its own port, chosen before the suites are declared.
const PORTS = new Map<DbKind, { up: number; down: number; dead: number }>();
for (const kind of DB_KINDS)
  PORTS.set(kind, { up: await freePort(), down: await freePort(), dead: await freePort() });

/** The order's figures as the API answered them (dollars), in cents. */
interface OrderJson {
  id: string;
  items: { name: string; quantity: number; regularPrice: number; lineTotal: number }[];
  subtotal: number;
  negotiatedDiscount: number;
  shipping: number;
  tax: number;
  total: number;
}

/** The figure lines of the plain-text part: "Label:   $1.00" -> { Label: "$1.00" }. */
function figuresOf(text: string): Record<string, string> {
  const figures: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^(Subtotal|Ava's discount|Shipping|Tax|Total|Refunded):\s+(\S+)$/.exec(line);
    if (match) figures[match[1]!] = match[2]!;
  }
  return figures;
}

/** Checks an e-mail shows the order's lines and figures exactly as the order recorded them. */
function expectOrderFigures(mail: ReceivedMail, order: OrderJson) {
  for (const item of order.items) {
    const unit = cents(item.regularPrice);
    expect(mail.text).toContain(`${item.quantity} × ${item.name}`);
    expect(mail.text).toContain(`${formatMoney(unit)} each = ${formatMoney(unit * item.quantity)}`);
    expect(unit * item.quantity).toBe(cents(item.lineTotal));
  }
  const expected: Record<string, string> = {
    Subtotal: formatMoney(cents(order.subtotal)),
    Shipping: order.shipping === 0 ? "Free" : formatMoney(cents(order.shipping)),
    Tax: formatMoney(cents(order.tax)),
    Total: formatMoney(cents(order.total)),
  };
  if (order.negotiatedDiscount > 0)
    expected["Ava's discount"] = `−${formatMoney(cents(order.negotiatedDiscount))}`;
  expect(figuresOf(mail.text)).toEqual(expected);
  // The HTML part shows the same total and lines (React escapes names, so compare the money).
  expect(mail.html).toContain(formatMoney(cents(order.total)));
  for (const item of order.items) expect(mail.html).toContain(formatMoney(cents(item.lineTotal)));
}

const mailSettings = (overrides: Partial<MailSettings> = {}): MailSettings => ({
  delivery: "smtp",
  from: MAIL_FROM,
  merchantEmails: [MERCHANT_EMAIL],
  publicUrl: "http://127.0.0.1",
  shopName: "Haggle",
  demoMode: false,
  logger: silent,
  ...overrides,
});

/** An account's "Verify your e-mail" message, which every sign-up sends. */
const isVerificationMail = (m: ReceivedMail) => m.subject.startsWith("Verify your e-mail");

describe.each(DB_KINDS)("order e-mail over SMTP on the %s database", (kind) => {
  const port = PORTS.get(kind)!.up;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer(port, { delayMs: 5 });
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const { shop, near, shopper, negotiating, say, patch } = useMerchantShop(kind, {
    env: {
      SMTP_URL: smtpUrl(port),
      MAIL_FROM,
      MERCHANT_EMAIL,
      MAIL_RETRY_SECONDS: "0.2",
    },
  });
  const db = () => shop.server.database.db;

  async function delivered(orderId: string, count: number): Promise<MailRow[]> {
    return eventually(`${count} e-mails of order ${orderId} sent`, async () => {
      const rows = await listOrderMail(db(), orderId);
      return rows.length === count && rows.every((r) => r.status === "sent") && rows;
    });
  }
  const arrived = (subject: string) =>
    eventually(`"${subject}" to arrive`, () => smtp.received.find((m) => m.subject === subject));

  it("sends the shopper's confirmation and the merchant's notice with the order's lines and figures", async () => {
    // A plain order of two lines, one of them two units.
    const [a, b] = [near(30), near(60)];
    const plain = await shopperWithCart(shop.server.baseUrl, [a!, b!], "Pat Plain");
    expect((await plain.http.post("/api/cart/items", { productId: a!.id, quantity: 1 })).status).toBe(200);
    const plainOrder: OrderJson = await checkedOut(plain.http);
    expect(plainOrder.items.map((i) => i.quantity).sort()).toEqual([1, 2]);
    expect(plainOrder.negotiatedDiscount).toBe(0);

    // An order with Ava's discount: an offer, accepted, checked out.
    const deal = await negotiating(near(300));
    await say(deal.http, deal.id, "Can I get a discount?");
    expect((await deal.http.post(`/api/negotiations/${deal.id}/accept`, {})).status).toBe(200);
    const dealOrder: OrderJson = await checkedOut(deal.http);
    expect(dealOrder.negotiatedDiscount).toBeGreaterThan(0);

    for (const [order, who] of [
      [plainOrder, { name: "Pat Plain", email: plain.email }],
      [dealOrder, { name: "Sam Shopper", email: deal.email }],
    ] as const) {
      const number = orderNumber(order.id);
      const rows = await delivered(order.id, 2);
      expect(rows.map((r) => r.kind).sort()).toEqual(["new-order", "order-confirmation"]);
      for (const row of rows) {
        expect(row.attempts).toBe(1);
        expect(row.sentAt).toBeInstanceOf(Date);
        expect(row.lastError).toBeNull();
      }

      const confirmation = await arrived(`Your Haggle order ${number} is confirmed`);
      expect(confirmation.to).toBe(who.email);
      expect(confirmation.from).toContain("orders@shop.test");
      expect(confirmation.text).toContain(`Hi ${who.name.split(" ")[0]},`);
      expectOrderFigures(confirmation, order);
      expect(confirmation.messageId).toBe(
        `<${rows.find((r) => r.kind === "order-confirmation")!.id}@haggle.outbox>`,
      );

      const notice = await arrived(
        `New order ${number}: ${formatMoney(cents(order.total))} from ${who.name}`,
      );
      expect(notice.to).toBe(MERCHANT_EMAIL);
      expect(notice.text).toContain(
        `${who.name} (${who.email}) placed an order of ${formatMoney(cents(order.total))}.`,
      );
      expect(notice.text).toContain(`${shop.server.baseUrl}/merchant/orders`);
      expectOrderFigures(notice, order);
    }
    expect(smtp.refusedLogins).toBe(0);
  });

  it("e-mails the shopper when the merchant ships the order, and on no other move", async () => {
    const buyer = await shopper([near(45)], "Sky Shipped");
    const order: OrderJson = await checkedOut(buyer.http);
    await delivered(order.id, 2);
    expect((await patch(`/api/merchant/orders/${order.id}`, { status: "processing" })).status).toBe(200);
    expect(await listOrderMail(db(), order.id)).toHaveLength(2);
    expect((await patch(`/api/merchant/orders/${order.id}`, { status: "shipped" })).status).toBe(200);
    const rows = await delivered(order.id, 3);
    expect(rows.filter((r) => r.kind === "order-shipped")).toHaveLength(1);
    const shipped = await arrived(`Your Haggle order ${orderNumber(order.id)} has shipped`);
    expect(shipped.to).toBe(buyer.email);
    expect(shipped.text).toContain(`Good news: your order ${orderNumber(order.id)} has shipped.`);
    expectOrderFigures(shipped, order);
    expect((await patch(`/api/merchant/orders/${order.id}`, { status: "delivered" })).status).toBe(200);
    expect(await listOrderMail(db(), order.id)).toHaveLength(3);
  });

  it("delivers each message exactly once while three senders claim at the same time", async () => {
    // The server's own sender, and two more on the same database (on the PostgreSQL server each
    // claims over its own pooled connection, as separate processes would).
    const options = {
      from: MAIL_FROM,
      shop: mailSettings(),
      retry: { maxAttempts: 5, baseMs: 200, capMs: 1000 },
      batchSize: 2,
    };
    const senders = [1, 2].map(
      () => new MailSender(shop.server.database, createSmtpTransport(smtpUrl(port)), silent, options),
    );
    await Promise.all(senders.map((s) => s.start()));
    const before = smtp.received.length;
    const BURST = 30;
    const ids = await shop.server.database.db.transaction(async (tx) => {
      const written: string[] = [];
      for (let i = 0; i < BURST; i++) {
        written.push(
          await enqueueMail(tx, mailSettings(), {
            kind: "burst",
            to: `burst${i}@shop.test`,
            subject: `Burst ${i}`,
            html: `<p>Burst ${i}</p>`,
            text: `Burst ${i}`,
          }),
        );
      }
      return written;
    });
    // Three checkouts at once as well, while the burst is being claimed.
    const buyers = await Promise.all([0, 1, 2].map((i) => shopper([near(20, i)], `Busy ${i}`)));
    const orders: OrderJson[] = await Promise.all(buyers.map((b) => checkedOut(b.http)));
    for (const order of orders) await delivered(order.id, 2);
    // The buyers' sign-ups sent verification e-mails too; this test counts the burst and the orders'.
    const arrived = () => smtp.received.slice(before).filter((m) => !isVerificationMail(m));
    await eventually("the burst sent", () => arrived().length >= BURST + orders.length * 2);
    await Promise.all(senders.map((s) => s.idle()));

    const arrivedIds = arrived().map((m) => m.messageId);
    const expectedIds = ids.map((id) => `<${id}@haggle.outbox>`);
    for (const id of expectedIds) expect(arrivedIds.filter((a) => a === id)).toHaveLength(1);
    expect(new Set(arrivedIds).size).toBe(arrivedIds.length);
    expect(arrivedIds).toHaveLength(BURST + orders.length * 2);
    const extra = senders.reduce((sum, s) => sum + s.delivered, 0);
    // The two extra senders took part (the rest went through the server's own).
    expect(extra).toBeGreaterThan(0);
    expect(extra).toBeLessThanOrEqual(BURST + orders.length * 2);
    await Promise.all(senders.map((s) => s.close()));
  });
});

describe.each(DB_KINDS)("order e-mail while the mail server hangs or is down, on the %s database", (kind) => {
  const { down, dead } = PORTS.get(kind)!;
  let server: TestServer;
  let giveUp: TestServer;
  afterAll(async () => {
    await server?.close();
    await giveUp?.close();
  });

  it("places orders at once whatever the mail server does, and delivers the mail once it is back", async () => {
    // First a server that takes the connection and never answers: the sender waits on it.
    const hanging = await startSilentServer(down);
    server = await startTestServer(kind, {
      env: { SMTP_URL: smtpUrl(down), MERCHANT_EMAIL, MAIL_RETRY_SECONDS: "0.2", MAIL_MAX_ATTEMPTS: "60" },
    });
    const catalogue = (await loadCatalogue(server.baseUrl)).filter((p) => p.inStock && p.stockLevel >= 10);
    const first = await shopperWithCart(server.baseUrl, [catalogue[0]!], "Hana Hang");
    const firstOrder: OrderJson = await checkedOut(first.http);
    await eventually("the sender to connect to the silent server", () => hanging.connections.length > 0);
    // While the sender waits for a greeting that never comes, another checkout goes through.
    const second = await shopperWithCart(server.baseUrl, [catalogue[1]!], "Dan Down");
    const secondOrder: OrderJson = await checkedOut(second.http);
    expect(hanging.connections.some((s) => !s.destroyed)).toBe(true);
    for (const order of [firstOrder, secondOrder]) {
      const rows = await listOrderMail(server.database.db, order.id);
      expect(rows.map((r) => r.status)).toEqual(["queued", "queued"]);
    }

    // Then no server at all: connections are refused, attempts are counted and retried later.
    await hanging.close();
    const waiting = await eventually("failed attempts recorded", async () => {
      const rows = [
        ...(await listOrderMail(server.database.db, firstOrder.id)),
        ...(await listOrderMail(server.database.db, secondOrder.id)),
      ];
      return rows.every((r) => r.status === "queued" && r.attempts >= 2 && r.lastError) && rows;
    });
    for (const row of waiting) {
      expect(row.sentAt).toBeNull();
      expect(row.lastError).toMatch(/ECONNREFUSED|ECONNRESET|closed|Greeting/i);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(row.createdAt.getTime());
    }

    // The mail server comes back: every message goes out, once.
    const smtp = await startSmtpServer(down);
    try {
      for (const order of [firstOrder, secondOrder]) {
        const rows = await eventually("the queued mail sent", async () => {
          const r = await listOrderMail(server.database.db, order.id);
          return r.every((m) => m.status === "sent") && r;
        });
        for (const row of rows) expect(row.attempts).toBeGreaterThanOrEqual(2);
        const confirmation = smtp.received.find(
          (m) => m.subject === `Your Haggle order ${orderNumber(order.id)} is confirmed`,
        );
        expect(confirmation).toBeDefined();
        expectOrderFigures(confirmation!, order);
      }
      const orderMail = smtp.received.filter((m) => !isVerificationMail(m));
      expect(orderMail).toHaveLength(4);
      expect(new Set(orderMail.map((m) => m.messageId)).size).toBe(4);
    } finally {
      await smtp.close();
    }
  });

  it("gives a message up as failed, with the error, after the last attempt", async () => {
    giveUp = await startTestServer(kind, {
      env: { SMTP_URL: smtpUrl(dead), MERCHANT_EMAIL, MAIL_RETRY_SECONDS: "0.05", MAIL_MAX_ATTEMPTS: "3" },
    });
    const catalogue = (await loadCatalogue(giveUp.baseUrl)).filter((p) => p.inStock && p.stockLevel >= 10);
    const buyer = await shopperWithCart(giveUp.baseUrl, [catalogue[0]!], "Fay Failed");
    const order: OrderJson = await checkedOut(buyer.http);
    const rows = await eventually("the mail given up", async () => {
      const r = await listOrderMail(giveUp.database.db, order.id);
      return r.length === 2 && r.every((m) => m.status === "failed") && r;
    });
    for (const row of rows) {
      expect(row.attempts).toBe(3);
      expect(row.lastError).toMatch(/ECONNREFUSED/);
      expect(row.sentAt).toBeNull();
    }
  });
});

describe.each(DB_KINDS)("the merchant's outbox without SMTP_URL on the %s database", (kind) => {
  const { shop, near, shopper, patch } = useMerchantShop(kind);
  let owner: { http: HttpClient; email: string };
  beforeAll(async () => {
    owner = await signUpShopper(shop.server.baseUrl, "Olive Owner", "olive.owner@shop.test");
    await grantRole(shop.server.baseUrl, owner.email, "merchant");
  });

  it("keeps each e-mail, the notice going to the merchant accounts, and lists them newest first", async () => {
    const buyer = await shopper([near(25)], "Kim Kept");
    // The sign-ups' verification e-mails are kept too; this test reads the order's alone.
    await shop.server.database.db.delete(mailOutbox).where(eq(mailOutbox.kind, "verify-email"));
    const order: OrderJson = await checkedOut(buyer.http);
    const rows = await listOrderMail(shop.server.database.db, order.id);
    expect(rows.map((r) => [r.kind, r.status, r.attempts])).toEqual(
      [
        ["new-order", "kept", 0],
        ["order-confirmation", "kept", 0],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    // Written bare in the checkout's transaction: rendered when first read, never during checkout.
    expect(rows.map((r) => [r.subject, r.html, r.text])).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
    const notice = rows.find((r) => r.kind === "new-order")!;
    expect(notice.to.split(", ")).toContain(owner.email);
    expect(rows.find((r) => r.kind === "order-confirmation")!.to).toBe(buyer.email);

    expect((await patch(`/api/merchant/orders/${order.id}`, { status: "shipped" })).status).toBe(200);

    const listed = await owner.http.get("/api/merchant/outbox");
    expect(listed.status).toBe(200);
    expect(listed.json).toMatchObject({ page: 1, pageSize: 20, delivery: "keep" });
    expect(listed.json.total).toBe(3);
    const items = listed.json.items as {
      id: string;
      kind: string;
      status: string;
      createdAt: string;
      orderId: string;
    }[];
    expect(items.map((m) => m.kind)).toEqual(["order-shipped", expect.any(String), expect.any(String)]);
    expect(items.every((m) => m.status === "kept" && m.orderId === order.id)).toBe(true);
    const times = items.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const confirmation = listed.json.items.find((m: { kind: string }) => m.kind === "order-confirmation");
    expect(confirmation).toMatchObject({
      to: buyer.email,
      subject: `Your Haggle order ${orderNumber(order.id)} is confirmed`,
      attempts: 0,
      nextAttemptAt: null,
      lastError: null,
      sentAt: null,
    });
    expect(confirmation.html).toMatch(/^<!DOCTYPE html/);
    expectOrderFigures({ ...confirmation, messageId: "", from: "" }, order);

    // Rendered once and stored: the outbox row now holds what the merchant read.
    const stored = (await listOrderMail(shop.server.database.db, order.id)).find(
      (r) => r.id === confirmation.id,
    )!;
    expect([stored.subject, stored.html, stored.text]).toEqual([
      confirmation.subject,
      confirmation.html,
      confirmation.text,
    ]);

    const second = await owner.http.get("/api/merchant/outbox?page=2&pageSize=2");
    expect(second.json).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.json.items).toHaveLength(1);
    expect(second.json.items[0].id).toBe(items[2]!.id);
  });

  it("shows an order e-mail that has nothing to be written from as failed, saying why", async () => {
    const id = await shop.server.database.db.transaction((tx) =>
      enqueueMail(tx, mailSettings(), { kind: "order-confirmation", to: "lost@shop.test", orderId: null }),
    );
    const listed = await owner.http.get("/api/merchant/outbox?pageSize=50");
    expect(listed.status).toBe(200);
    const lost = listed.json.items.find((m: { id: string }) => m.id === id);
    expect(lost).toMatchObject({ status: "failed", subject: "", lastError: expect.stringMatching(/order/) });
  });

  it("is the merchant's alone, and refuses bad paging with a sentence", async () => {
    const anonymous = await new HttpClient(shop.server.baseUrl).get("/api/merchant/outbox");
    expect(anonymous.status).toBe(401);
    const { http: someone } = await signUpShopper(shop.server.baseUrl, "Nosy Shopper");
    const refused = await someone.get("/api/merchant/outbox");
    expect(refused.status).toBe(403);
    expect(refused.json.items).toBeUndefined();
    for (const query of ["page=0", "pageSize=1000", "page=x"]) {
      const bad = await owner.http.get(`/api/merchant/outbox?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.json.error.message).toMatch(/Page/);
    }
  });
});

describe("the server process (npm start) with SMTP_URL", () => {
  it("e-mails a checkout's confirmation, and stops cleanly on SIGTERM with its sender running", async () => {
    const smtp = await startSmtpServer(await freePort());
    const server = await startServerProcess({ SMTP_URL: smtpUrl(smtp.port), MERCHANT_EMAIL });
    try {
      // The log arrives through a pipe: wait for the line rather than assume it came first.
      await eventually("the SMTP log line", () => server.logs().includes("e-mail: sent over SMTP_URL"));
      const product = (await loadCatalogue(server.baseUrl)).find((p) => p.inStock && p.stockLevel >= 5)!;
      const buyer = await shopperWithCart(server.baseUrl, [product], "Paula Process");
      const order: OrderJson = await checkedOut(buyer.http);
      const subject = `Your Haggle order ${orderNumber(order.id)} is confirmed`;
      const confirmation = await eventually("the confirmation", () =>
        smtp.received.find((m) => m.subject === subject),
      );
      expect(confirmation.to).toBe(buyer.email);
      expectOrderFigures(confirmation, order);
      await eventually("the notice", () => smtp.received.find((m) => m.to === MERCHANT_EMAIL));
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(server.logs()).toContain('"msg":"stopped"');
    } finally {
      await server.stop();
      await smtp.close();
    }
    // A server process of its own: seconds on a quiet machine, over a minute at load 40.
  }, 180_000);
});

describe("mail configuration", () => {
  it("takes smtp:// and smtps:// URLs and refuses anything else with a sentence", () => {
    expect(parseEnv({ SMTP_URL: "smtp://u:p@mail.example.com:587" }).SMTP_URL).toBe(
      "smtp://u:p@mail.example.com:587",
    );
    expect(parseEnv({ SMTP_URL: "smtps://mail.example.com" }).SMTP_URL).toBe("smtps://mail.example.com");
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
    expect(() => parseEnv({ SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL: must be an smtp:\/\//);
    expect(() => parseEnv({ SMTP_URL: "not a url" })).toThrow(/SMTP_URL/);
  });

  it("reads MAIL_FROM and MERCHANT_EMAIL, with defaults", () => {
    const defaults = parseEnv({});
    expect(defaults.MAIL_FROM).toBe("Haggle <shop@localhost>");
    expect(defaults.MERCHANT_EMAIL).toEqual([]);
    expect(defaults.MAIL_MAX_ATTEMPTS).toBe(10);
    expect(defaults.MAIL_RETRY_SECONDS).toBe(30);
    expect(parseEnv({ MERCHANT_EMAIL: "a@shop.test, b@shop.test" }).MERCHANT_EMAIL).toEqual([
      "a@shop.test",
      "b@shop.test",
    ]);
    expect(() => parseEnv({ MERCHANT_EMAIL: "nobody" })).toThrow(/MERCHANT_EMAIL/);
  });
});
