/**
 * What the container test proves through the balancer and against each replica directly: one
 * promise a function, each returning its figures (or throwing with a sentence saying what broke).
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { CHECKOUT_BODY, type Shopper, signUpShoppers } from "../lib/shopper.ts";
import { podman, ROOT, sleep } from "./podman.ts";

export interface Replica {
  name: string;
  url: string;
}

export interface Deployment {
  /** The shop's public address: the balancer's published port. */
  balancer: string;
  replicas: Replica[];
  db: string;
}

function check(ok: boolean, sentence: string) {
  if (!ok) throw new Error(sentence);
}

/** Every committed migration is recorded once, though every replica started together and migrated. */
export async function migrationsRanOnce(shop: Deployment) {
  const journal = JSON.parse(
    readFileSync(path.join(ROOT, "apps/server/src/platform/db/migrations/meta/_journal.json"), "utf8"),
  ) as { entries: unknown[] };
  const { out } = await podman([
    "exec",
    shop.db,
    "psql",
    "-U",
    "haggle",
    "-d",
    "haggle",
    "-tAc",
    "select count(*) || ' ' || count(distinct hash) from drizzle.__drizzle_migrations",
  ]);
  const [rows, distinct] = out.trim().split(" ").map(Number);
  check(
    rows === journal.entries.length && distinct === rows,
    `expected ${journal.entries.length} migration rows once each, found ${rows} (${distinct} distinct)`,
  );
  return { migrations: rows };
}

/**
 * Claims the shop with the setup code the first replica printed, asked through the balancer
 * (whichever replica answers): every replica that started unclaimed printed its own, and each
 * works until one is used; then none does. The claimer becomes admin and merchant.
 */
export async function claimMerchant(shop: Deployment): Promise<{ merchant: Shopper; codesPrinted: number }> {
  const codes: string[] = [];
  for (const replica of shop.replicas) {
    const { out } = await podman(["logs", replica.name]);
    for (const match of out.matchAll(/"setupCode":"([^"]+)"/g)) if (match[1]) codes.push(match[1]);
  }
  check(codes.length >= 1, "no replica printed a setup code");
  const [merchant, late] = await signUpShoppers(shop.balancer, 2, "merchant");
  const first = await merchant!.call("POST", "/api/admin/claim", { code: codes[0] });
  check(first === 200, `the first replica's setup code, through the balancer, answered ${first}`);
  for (const code of new Set(codes)) {
    const again = await late!.call("POST", "/api/admin/claim", { code });
    check(again === 403, `a second claim answered ${again}: the codes must all be used up`);
  }
  return { merchant: merchant!, codesPrinted: codes.length };
}

async function productWithStock(shop: Deployment, merchant: Shopper, stock: number): Promise<string> {
  const list = (await (await fetch(`${shop.balancer}/api/products?pageSize=24`)).json()) as {
    items: { id: string }[];
  };
  const id = list.items[0]?.id;
  if (!id) throw new Error("the catalogue is empty");
  const set = await merchant.request("PATCH", `/api/merchant/products/${id}`, { stockLevel: stock });
  check(set.status === 200, `setting stock answered ${set.status}: ${JSON.stringify(set.json)}`);
  return id;
}

async function stockOf(url: string, id: string): Promise<number> {
  return ((await (await fetch(`${url}/api/products/${id}`)).json()) as { stockLevel: number }).stockLevel;
}

/** One checkout key sent to every replica at once: one order, the same answer everywhere. */
export async function ordersLandOnce(shop: Deployment, merchant: Shopper) {
  const product = await productWithStock(shop, merchant, 10_000);
  const shoppers = await signUpShoppers(shop.balancer, 8, "once");
  let answers = 0;
  for (const shopper of shoppers) {
    const added = await shopper.call("POST", "/api/cart/items", { productId: product, quantity: 1 });
    check(added === 200, `adding to the cart answered ${added}`);
    const key = randomUUID();
    const replies = await Promise.all(
      shop.replicas.map((r) =>
        shopper.at(r.url).request("POST", "/api/checkout", CHECKOUT_BODY, { "idempotency-key": key }),
      ),
    );
    const ids = new Set(replies.map((r) => (r.json as { id?: string } | null)?.id));
    check(
      replies.every((r) => r.status === 200 || r.status === 201) && ids.size === 1,
      `one key on ${shop.replicas.length} replicas answered ${replies.map((r) => r.status).join(", ")} with ${ids.size} order ids`,
    );
    check(replies.filter((r) => r.status === 201).length === 1, "more than one replica created the order");
    const orders = (await shopper.request("GET", "/api/orders")).json as unknown[];
    check(orders.length === 1, `the shopper has ${orders.length} orders, not 1`);
    answers += replies.length;
  }
  return { shoppers: shoppers.length, checkoutRequests: answers, orders: shoppers.length };
}

/** More buyers than stock, each at a replica of its own, all at once: exactly the stock is sold. */
export async function stockNeverOversold(shop: Deployment, merchant: Shopper) {
  const stock = 5;
  const product = await productWithStock(shop, merchant, stock);
  const buyers = await signUpShoppers(shop.balancer, 15, "race");
  for (const buyer of buyers) {
    const added = await buyer.call("POST", "/api/cart/items", { productId: product, quantity: 1 });
    check(added === 200, `adding to the cart answered ${added}`);
  }
  const statuses = await Promise.all(
    buyers.map((buyer, i) =>
      buyer
        .at(shop.replicas[i % shop.replicas.length]!.url)
        .call("POST", "/api/checkout", CHECKOUT_BODY, { "idempotency-key": randomUUID() }),
    ),
  );
  const sold = statuses.filter((s) => s === 201).length;
  const refused = statuses.filter((s) => s === 409).length;
  check(sold === stock, `${sold} checkouts succeeded for a stock of ${stock} (${statuses.join(", ")})`);
  check(refused === buyers.length - stock, `expected ${buyers.length - stock} 409s: ${statuses.join(", ")}`);
  const left = await Promise.all(shop.replicas.map((r) => stockOf(r.url, product)));
  check(
    left.every((n) => n === 0),
    `stock left per replica: ${left.join(", ")}`,
  );
  return { buyers: buyers.length, stock, sold, refused };
}

/** Reads server-sent events from a response until `seen(text)` or `seconds`. */
async function readUntil(res: Response, seen: (text: string) => boolean, seconds: number): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const timer = setTimeout(() => void reader.cancel(), seconds * 1000);
  try {
    while (!seen(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(timer);
  }
  return text;
}

/** A realtime stream held by replica 1 hears what the merchant does through replica 2. */
export async function realtimeCrossesReplicas(shop: Deployment, merchant: Shopper) {
  const [first, second] = shop.replicas;
  if (!first || !second) throw new Error("two replicas are needed");
  const product = await productWithStock(shop, merchant, 10_000);
  const [shopper] = await signUpShoppers(shop.balancer, 1, "realtime");
  await shopper!.call("POST", "/api/cart/items", { productId: product, quantity: 1 });
  const order = await shopper!.request("POST", "/api/checkout", CHECKOUT_BODY, {
    "idempotency-key": randomUUID(),
  });
  check(order.status === 201, `checkout answered ${order.status}`);
  const orderId = (order.json as { id: string }).id;
  const stream = await shopper!.at(first.url).open("/api/realtime");
  const ready = readUntil(stream, (t) => t.includes("event: order.updated"), 15);
  await sleep(500);
  const sent = performance.now();
  const paid = await merchant.at(second.url).call("POST", `/api/merchant/orders/${orderId}/mark-paid`);
  check(paid === 200, `marking paid answered ${paid}`);
  const text = await ready;
  const heardMs = Math.round(performance.now() - sent);
  check(text.includes("event: order.updated") && text.includes(orderId), "order.updated never arrived");
  return { streamOn: first.name, changedOn: second.name, heardMs };
}

/** The assistant's per-address limit counts requests on every replica together. */
export async function rateLimitIsShared(shop: Deployment, limit: number) {
  const statuses: number[] = [];
  for (let i = 0; i < limit + 3; i++) {
    const replica = shop.replicas[i % shop.replicas.length]!;
    const res = await fetch(`${replica.url}/functions/v1/shop-assistant`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop.balancer },
      body: JSON.stringify({ messages: [{ role: "user", content: "running shoes" }] }),
    });
    await res.body?.cancel();
    statuses.push(res.status);
  }
  const allowed = statuses.filter((s) => s === 200).length;
  check(
    allowed === limit && statuses.slice(limit).every((s) => s === 429),
    `limit ${limit} per minute across replicas, answered ${statuses.join(", ")}`,
  );
  return { limit, requests: statuses.length, allowed, refused: statuses.length - allowed };
}

/**
 * One account's realtime streams are counted by the whole shop (in PostgreSQL): opened on each
 * replica in turn, the one past REALTIME_STREAMS_PER_USER is refused (429) whichever replica it asks.
 */
export async function streamCapIsShared(shop: Deployment, perUser: number) {
  const [shopper] = await signUpShoppers(shop.balancer, 1, "stream-cap");
  const held: Response[] = [];
  const statuses: string[] = [];
  try {
    for (let i = 0; i <= perUser; i++) {
      const replica = shop.replicas[i % shop.replicas.length]!;
      const answer = await shopper!.at(replica.url).open("/api/realtime");
      statuses.push(`${replica.name}: ${answer.status}`);
      if (answer.status === 200) held.push(answer);
      else await answer.body?.cancel();
    }
  } finally {
    for (const answer of held) await answer.body?.cancel().catch(() => {});
  }
  check(
    held.length === perUser && statuses.at(-1)?.endsWith(": 429") === true,
    `${perUser} streams per account expected across replicas, then 429: ${statuses.join(", ")}`,
  );
  return { perUser, opened: held.length, last: statuses.at(-1) };
}
