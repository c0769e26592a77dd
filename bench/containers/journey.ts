/** A shopper's whole visit through the balancer, as after the two commands (build, compose up). */
import { randomUUID } from "node:crypto";
import { CHECKOUT_BODY, signUpShoppers } from "../lib/shopper.ts";
import type { Deployment } from "./checks.ts";

function check(ok: boolean, sentence: string) {
  if (!ok) throw new Error(sentence);
}

/**
 * Browse (the storefront's server-rendered page, the catalogue, a product), negotiate (a turn
 * with Ava streamed to its end; her offer, if she makes one, applied to the cart), check out and
 * read the order back: every request through the balancer, whichever replica answers each.
 */
export async function journeyThroughTheBalancer(shop: Deployment) {
  const home = await fetch(`${shop.balancer}/`);
  const html = await home.text();
  check(home.status === 200 && html.includes("<html"), `the storefront's page answered ${home.status}`);
  const [shopper] = await signUpShoppers(shop.balancer, 1, "journey");
  const list = await shopper!.request("GET", "/api/products?pageSize=24");
  const items = (list.json as { items: { id: string; inStock: boolean }[] } | null)?.items ?? [];
  const product = items.find((p) => p.inStock);
  check(
    list.status === 200 && product !== undefined,
    `the catalogue answered ${list.status} with nothing in stock`,
  );
  const page = await shopper!.call("GET", `/api/products/${product!.id}`);
  check(page === 200, `the product answered ${page}`);
  const added = await shopper!.call("POST", "/api/cart/items", { productId: product!.id, quantity: 1 });
  check(added === 200, `adding to the cart answered ${added}`);

  const started = await shopper!.request("POST", "/api/negotiations", {});
  const negotiationId = (started.json as { id?: string } | null)?.id;
  check(negotiationId !== undefined, `starting a negotiation answered ${started.status}`);
  const turnStarted = performance.now();
  // The turn streams (server-sent events) to its end; the reply is then stored with the negotiation.
  const turn = await shopper!.call("POST", "/functions/v1/negotiate-cart", {
    negotiationId,
    messages: [{ role: "user", content: "Could you do 10% off?" }],
  });
  check(turn === 200, `the negotiation turn answered ${turn}`);
  const turnMs = Math.round(performance.now() - turnStarted);
  const negotiation = await shopper!.request("GET", `/api/negotiations/${negotiationId}`);
  const held = negotiation.json as {
    messages: { role: string }[];
    offer: { discountPercent: number } | null;
  } | null;
  check(
    held?.messages.some((m) => m.role === "assistant") === true,
    `the negotiation holds no reply from Ava (${negotiation.status})`,
  );
  const offer = held!.offer;
  let applied = false;
  if (offer) {
    const accepted = await shopper!.call("POST", `/api/negotiations/${negotiationId}/accept`);
    check(accepted === 200, `accepting Ava's offer answered ${accepted}`);
    applied = true;
  }

  const order = await shopper!.request("POST", "/api/checkout", CHECKOUT_BODY, {
    "idempotency-key": randomUUID(),
  });
  const placed = order.json as { id: string } | null;
  check(order.status === 201 && placed !== null, `the checkout answered ${order.status}`);
  const readBack = await shopper!.call("GET", `/api/orders/${placed!.id}`);
  check(readBack === 200, `the order read back answered ${readBack}`);
  return {
    products: items.length,
    turnMs,
    offerPercent: offer?.discountPercent ?? null,
    applied,
    order: placed!.id,
  };
}
