/** What happens when a replica stops (SIGTERM) or the database goes away, seen through the balancer. */
import { randomUUID } from "node:crypto";
import { CHECKOUT_BODY, type Shopper, signUpShoppers } from "../lib/shopper.ts";
import type { Deployment } from "./checks.ts";
import { containerAddress, podman, sleep, statusOf, until } from "./podman.ts";

/** What shoppers saw: each answer that was not a success, after the balancer's own retries. */
type Seen = string[];

/**
 * One purchase as a browser makes it: the item into the cart, then the checkout with one
 * Idempotency-Key, sent again with the same key while the answer is a 5xx or no answer (at most
 * five times). Returns the order's id, or null when the shop said no.
 */
async function buyOnce(shopper: Shopper, product: string, seen: Seen): Promise<string | null> {
  try {
    const added = await shopper.call("POST", "/api/cart/items", { productId: product, quantity: 1 });
    if (added !== 200) {
      seen.push(`cart ${added}`);
      return null;
    }
  } catch (error) {
    seen.push(`cart: ${(error as Error).message}`);
    return null;
  }
  const key = randomUUID();
  for (let attempt = 1; attempt <= 5; attempt++) {
    try {
      const answer = await shopper.request("POST", "/api/checkout", CHECKOUT_BODY, {
        "idempotency-key": key,
      });
      if (answer.status === 201 || answer.status === 200) return (answer.json as { id: string }).id;
      seen.push(`checkout ${answer.status}`);
      if (answer.status < 500) return null;
    } catch (error) {
      seen.push(`checkout: ${(error as Error).message}`);
    }
    await sleep(200);
  }
  return null;
}

async function stockedProduct(shop: Deployment, merchant: Shopper): Promise<string> {
  const list = (await (await fetch(`${shop.balancer}/api/products?pageSize=24`)).json()) as {
    items: { id: string }[];
  };
  const product = list.items[1]?.id ?? list.items[0]!.id;
  const stocked = await merchant.call("PATCH", `/api/merchant/products/${product}`, {
    stockLevel: 1_000_000,
  });
  if (stocked !== 200) throw new Error(`setting stock answered ${stocked}`);
  return product;
}

/** Every acknowledged order exists, and no shopper has an order it was not told of (no double). */
async function ordersMatch(acknowledged: { shopper: Shopper; id: string }[], shoppers: Shopper[]) {
  let missing = 0;
  for (const { shopper, id } of acknowledged)
    if ((await shopper.call("GET", `/api/orders/${id}`)) !== 200) missing++;
  let held = 0;
  for (const shopper of shoppers) {
    const answer = await shopper.request("GET", "/api/orders");
    held += (answer.json as unknown[]).length;
  }
  const distinct = new Set(acknowledged.map((a) => a.id)).size;
  if (missing > 0) throw new Error(`${missing} of ${acknowledged.length} acknowledged orders are missing`);
  if (held !== distinct)
    throw new Error(
      `the shoppers hold ${held} orders for ${distinct} acknowledged: a checkout landed twice or unseen`,
    );
  return { missing, ordersHeld: held };
}

/**
 * 50 shoppers check out at once, again and again, through the balancer while one replica gets
 * SIGTERM: every order a shopper was told of exists afterwards, no order lands twice, retries
 * (the same key) succeed on the other replica, the realtime stream it held ends with a reconnect
 * hint, and the replica exits 0 within 10 s. It is started again at the end.
 */
export async function sigtermLosesNoOrder(shop: Deployment, merchant: Shopper) {
  const victim = shop.replicas.at(-1)!;
  const product = await stockedProduct(shop, merchant);
  const shoppers = await signUpShoppers(shop.balancer, 50, "sigterm");
  const [watcher] = await signUpShoppers(shop.balancer, 1, "sigterm-stream");
  const stream = await watcher!.at(victim.url).open("/api/realtime");
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  let streamed = "";
  const streamEnded = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      streamed += decoder.decode(value, { stream: true });
    }
  })();

  const acknowledged: { shopper: Shopper; id: string }[] = [];
  const seen: Seen = [];
  let attempts = 0;
  let stop = false;
  const buying = shoppers.map(async (shopper) => {
    while (!stop) {
      attempts++;
      const id = await buyOnce(shopper, product, seen);
      if (id) acknowledged.push({ shopper, id });
    }
  });
  await sleep(4000);
  const before = acknowledged.length;
  const signalled = performance.now();
  // `podman stop` sends the image's STOPSIGNAL (SIGTERM) and waits, SIGKILL after 10 s; a stop
  // asked for is not undone by the restart policy.
  await podman(["stop", "-t", "10", victim.name]);
  const exitMs = Math.round(performance.now() - signalled);
  const { out } = await podman(["inspect", "-f", "{{.State.ExitCode}}", victim.name]);
  const exitCode = Number(out.trim());
  await sleep(4000);
  stop = true;
  await Promise.all(buying);
  await Promise.race([streamEnded, sleep(5000)]);

  const { missing, ordersHeld } = await ordersMatch(acknowledged, shoppers);
  if (exitCode !== 0) throw new Error(`the replica exited with ${exitCode} after SIGTERM`);
  if (exitMs > 10_000) throw new Error(`the replica took ${exitMs} ms to exit after SIGTERM`);
  if (!streamed.includes("event: reconnect"))
    throw new Error("the realtime stream ended without a reconnect hint");
  const unrecovered = seen.filter((s) => s.startsWith("cart")).length;
  if (unrecovered > 0)
    throw new Error(`${unrecovered} cart requests failed: ${[...new Set(seen)].join("; ")}`);
  await startAgain(victim);
  return {
    replica: victim.name,
    shoppers: shoppers.length,
    exitCode,
    exitMs,
    checkoutAttempts: attempts,
    acknowledgedBeforeSignal: before,
    acknowledged: acknowledged.length,
    ordersHeld,
    missing,
    failuresSeenByShoppers: seen.length,
    failureKinds: [...new Set(seen)],
  };
}

async function startAgain(replica: Deployment["replicas"][number]) {
  await podman(["start", replica.name]);
  replica.url = `http://${await containerAddress(replica.name)}:3000`;
  await until(`${replica.name} ready again`, 120, async () =>
    (await statusOf(`${replica.url}/readyz`)) === 200 ? true : undefined,
  );
}

/**
 * A rolling restart under load: 30 shoppers browse and check out through the balancer while each
 * replica in turn stops (SIGTERM) and starts again. No request fails: what a stopping replica
 * could not answer, the balancer retried on the other.
 */
export async function rollingRestartFailsNothing(shop: Deployment, merchant: Shopper) {
  const product = await stockedProduct(shop, merchant);
  const shoppers = await signUpShoppers(shop.balancer, 30, "rolling");
  const acknowledged: { shopper: Shopper; id: string }[] = [];
  const seen: Seen = [];
  let requests = 0;
  let stop = false;
  const load = shoppers.map(async (shopper, i) => {
    while (!stop) {
      if (i % 2 === 0) {
        requests++;
        try {
          const status = await shopper.call("GET", "/api/products?pageSize=12");
          if (status !== 200) seen.push(`products ${status}`);
        } catch (error) {
          seen.push(`products: ${(error as Error).message}`);
        }
      } else {
        requests += 2;
        const id = await buyOnce(shopper, product, seen);
        if (id) acknowledged.push({ shopper, id });
      }
    }
  });
  const restarted: { replica: string; stopMs: number; readyMs: number }[] = [];
  await sleep(3000);
  for (const replica of shop.replicas) {
    const started = performance.now();
    await podman(["stop", "-t", "10", replica.name]);
    const stopMs = Math.round(performance.now() - started);
    await startAgain(replica);
    restarted.push({ replica: replica.name, stopMs, readyMs: Math.round(performance.now() - started) });
    await sleep(3000);
  }
  stop = true;
  await Promise.all(load);
  const { ordersHeld } = await ordersMatch(acknowledged, shoppers);
  if (seen.length > 0)
    throw new Error(`${seen.length} of ${requests} requests failed: ${[...new Set(seen)].join("; ")}`);
  return { restarted, requests, orders: ordersHeld, failuresSeenByShoppers: seen.length };
}

/** The database stops: every live replica's /readyz says 503 while /healthz stays 200; back when it returns. */
export async function readyzFollowsTheDatabase(shop: Deployment) {
  const live: Deployment["replicas"] = [];
  for (const r of shop.replicas) if ((await statusOf(`${r.url}/healthz`)) === 200) live.push(r);
  const stopped = performance.now();
  await podman(["stop", "-t", "10", shop.db]);
  await until("every replica's /readyz to answer 503", 60, async () => {
    const statuses = await Promise.all(live.map((r) => statusOf(`${r.url}/readyz`)));
    return statuses.every((s) => s === 503) ? true : undefined;
  });
  const notReadyMs = Math.round(performance.now() - stopped);
  const alive = await Promise.all(live.map((r) => statusOf(`${r.url}/healthz`)));
  if (!alive.every((s) => s === 200)) throw new Error(`/healthz without a database: ${alive.join(", ")}`);
  const started = performance.now();
  await podman(["start", shop.db]);
  await until("every replica's /readyz to answer 200 again", 90, async () => {
    const statuses = await Promise.all(live.map((r) => statusOf(`${r.url}/readyz`)));
    return statuses.every((s) => s === 200) ? true : undefined;
  });
  const readyAgainMs = Math.round(performance.now() - started);
  const through = await until("an order page through the balancer", 30, async () =>
    (await statusOf(`${shop.balancer}/api/products?pageSize=1`)) === 200 ? true : undefined,
  );
  return { replicas: live.length, notReadyMs, readyAgainMs, balancerServes: through };
}
