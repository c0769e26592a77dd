/** What happens when a replica stops (SIGTERM) or the database goes away, seen through the balancer. */
import { randomUUID } from "node:crypto";
import { CHECKOUT_BODY, type Shopper, signUpShoppers } from "../lib/shopper.ts";
import type { Deployment } from "./checks.ts";
import { podman, sleep, statusOf, until } from "./podman.ts";

/**
 * Shoppers keep checking out through the balancer while one replica gets SIGTERM: every order a
 * shopper was told of (201) exists afterwards, the realtime stream it held ends with a reconnect
 * hint, and the replica exits 0 within 10 s.
 */
export async function sigtermLosesNoOrder(shop: Deployment, merchant: Shopper) {
  const victim = shop.replicas.at(-1)!;
  const list = (await (await fetch(`${shop.balancer}/api/products?pageSize=24`)).json()) as {
    items: { id: string }[];
  };
  const product = list.items[1]?.id ?? list.items[0]!.id;
  const stocked = await merchant.call("PATCH", `/api/merchant/products/${product}`, { stockLevel: 100_000 });
  if (stocked !== 200) throw new Error(`setting stock answered ${stocked}`);
  const shoppers = await signUpShoppers(shop.balancer, 12, "sigterm");
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
  const failures: string[] = [];
  let attempts = 0;
  let stop = false;
  const buying = shoppers.map(async (shopper) => {
    while (!stop) {
      attempts++;
      try {
        const added = await shopper.call("POST", "/api/cart/items", { productId: product, quantity: 1 });
        if (added !== 200) {
          failures.push(`cart ${added}`);
          continue;
        }
        // The same key again after a failure: the retry a browser makes, answered by the first order.
        const key = randomUUID();
        let answer = await shopper.request("POST", "/api/checkout", CHECKOUT_BODY, {
          "idempotency-key": key,
        });
        if (answer.status >= 500) {
          failures.push(`checkout ${answer.status}, retried`);
          answer = await shopper.request("POST", "/api/checkout", CHECKOUT_BODY, { "idempotency-key": key });
        }
        if (answer.status === 201 || answer.status === 200)
          acknowledged.push({ shopper, id: (answer.json as { id: string }).id });
        else failures.push(`checkout ${answer.status}`);
      } catch (error) {
        failures.push(`network: ${(error as Error).message}`);
      }
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

  let missing = 0;
  for (const { shopper, id } of acknowledged) {
    const status = await shopper.call("GET", `/api/orders/${id}`);
    if (status !== 200) missing++;
  }
  if (missing > 0) throw new Error(`${missing} of ${acknowledged.length} acknowledged orders are missing`);
  if (exitCode !== 0) throw new Error(`the replica exited with ${exitCode} after SIGTERM`);
  if (exitMs > 10_000) throw new Error(`the replica took ${exitMs} ms to exit after SIGTERM`);
  if (!streamed.includes("event: reconnect"))
    throw new Error("the realtime stream ended without a reconnect hint");
  return {
    replica: victim.name,
    exitCode,
    exitMs,
    checkoutAttempts: attempts,
    acknowledgedBeforeSignal: before,
    acknowledged: acknowledged.length,
    missing,
    failuresSeenByShoppers: failures.length,
    failureKinds: [...new Set(failures)],
  };
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
