import { formatPercentPoints } from "@haggle/domain/pricing/percent";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  MAX_HAGGLE_TURNS,
  nextHaggleMove,
  pickProduct,
  planErrand,
} from "@haggle/domain/agents/plan-shopping-errand";

/**
 * The reference agent (`npm run agent`): runs one shopping errand through the shop's MCP tools
 * with the official SDK client, the deterministic planner (packages/domain/src/agents) deciding
 * each step, and prints every tool call and its result.
 */

export interface ErrandOptions {
  /** Place the order (pay on delivery, to this address or the last saved one); else hand a human the checkout link. */
  placeOrder: boolean;
  address?: Record<string, string>;
  print: (line: string) => void;
}

export interface ErrandOutcome {
  status: "ordered" | "link" | "nothing-found" | "browsed";
  orderNumber?: string;
  total?: number;
  discount?: number;
  checkoutUrl?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: the tools' structured answers are read field by field, as any agent reads JSON.
type Json = any;

const money = (dollars: number) => `$${dollars.toFixed(2)}`;

interface ProductVariant {
  variantId: string;
  title: string;
  price: number;
  inStock: boolean;
}

/** The variant an errand buys: the first in stock within the budget (dollars), or null. */
export function pickVariant(
  variants: readonly ProductVariant[],
  budget: number | null,
): ProductVariant | null {
  return variants.find((v) => v.inStock && (budget === null || v.price <= budget)) ?? null;
}

export function short(value: unknown, max = 300): string {
  const text = JSON.stringify(value);
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** One line per result that a newcomer can read; the full JSON is what an LLM agent would get. */
export function describeResult(tool: string, value: Json): string {
  switch (tool) {
    case "search_products":
      return `${value.total} found; top: ${value.products
        .slice(0, 3)
        .map((p: Json) => `${p.name} (${p.brand}) ${money(p.price)}${p.inStock ? "" : " [sold out]"}`)
        .join("; ")}`;
    case "get_product":
      return `${value.product.name}: ${money(value.product.price)}, ${value.product.stockLevel} in stock, rated ${value.product.rating}`;
    case "update_cart":
    case "get_cart":
    case "accept_offer": {
      const c = value.cart;
      const offer = c.offer
        ? `; offer ${formatPercentPoints(c.offer.discountPercent)} (${money(c.offer.discountAmount)}) ${c.offer.status}`
        : "";
      return `cart: ${c.items.map((i: Json) => `${i.quantity} x ${i.name}`).join(", ")}; subtotal ${money(c.subtotal)}, discount ${money(c.discount)}, shipping ${money(c.shipping)}, tax ${money(c.tax)}, total ${money(c.total)}${offer}`;
    }
    case "negotiate":
      return `Ava: "${value.reply}"${value.offer ? `\n     offer: ${formatPercentPoints(value.offer.discountPercent)} = ${money(value.offer.discountAmount)} off, expires ${value.expiresAt}` : "\n     (no offer standing)"}${value.approval ? `\n     merchant approval: ${value.approval}` : ""}`;
    case "start_checkout":
      return value.status === "link"
        ? `pay here: ${value.checkoutUrl}`
        : `order ${value.order.number} placed: total ${money(value.order.total)} (discount ${money(value.order.discount)}), payment ${value.order.paymentMethod} ${value.order.paymentStatus}`;
    case "get_order":
      return `order ${value.order.number}: ${value.order.status}, total ${money(value.order.total)}`;
    default:
      return short(value);
  }
}

/** Calls one tool, printing the call and its result; a tool error stops the errand with its sentence. */
export async function tool(
  client: Client,
  print: (line: string) => void,
  name: string,
  args: Record<string, unknown>,
) {
  print(`→ ${name} ${short(args, 200)}`);
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) {
    const text = (result.content as { text?: string }[]).map((c) => c.text ?? "").join("");
    print(`✗ ${text}`);
    throw new ErrandStopped(text);
  }
  const value = result.structuredContent as Json;
  print(`← ${describeResult(name, value)}`);
  return value;
}

export class ErrandStopped extends Error {}

export async function runErrand(
  client: Client,
  errand: string,
  options: ErrandOptions,
): Promise<ErrandOutcome> {
  const { print } = options;
  print(`Errand: ${errand}`);
  print("→ read resource haggle://categories");
  const names = JSON.parse(
    ((await client.readResource({ uri: "haggle://categories" })).contents[0] as { text: string }).text,
  ) as { categories: string[]; brands: string[] };
  print(`← ${names.categories.length} categories, ${names.brands.length} brands`);
  const plan = planErrand(errand, names);
  const budget = plan.search.maxPrice ?? null;

  const found = await tool(client, print, "search_products", plan.search);
  const product = pickProduct(
    found.products as { id: string; name: string; price: number; inStock: boolean }[],
    budget,
  );
  if (!product) {
    print("Nothing in stock matches the errand; stopping.");
    return { status: "nothing-found" };
  }
  const detail = (await tool(client, print, "get_product", { productId: product.id })) as {
    product: { options: unknown[]; variants: ProductVariant[] };
  };
  // A product with options (sizes, colours) is bought as one of its variants: the first in stock
  // within the budget, as a shopper without a stated size would take.
  const variant = detail.product.options.length > 0 ? pickVariant(detail.product.variants, budget) : null;
  if (detail.product.options.length > 0 && !variant) {
    print("No size or colour of it is in stock within the budget; stopping.");
    return { status: "nothing-found" };
  }
  if (variant) print(`Choosing ${variant.title}`);
  await tool(client, print, "update_cart", {
    productId: product.id,
    ...(variant ? { variantId: variant.variantId } : {}),
    quantity: 1,
  });

  if (plan.haggle) {
    const offers: (number | null)[] = [];
    for (let turns = 0; turns <= MAX_HAGGLE_TURNS; turns += 1) {
      const move = nextHaggleMove({ turns, offers });
      if (move.kind === "stop") {
        print(`(no deal: ${move.reason})`);
        break;
      }
      if (move.kind === "accept") {
        await tool(client, print, "accept_offer", {});
        break;
      }
      const turn = await tool(client, print, "negotiate", { message: move.message });
      if (turn.applied) break;
      offers.push(turn.offer?.discountAmount ?? null);
    }
  }

  if (!options.placeOrder) {
    const link = await tool(client, print, "start_checkout", { mode: "link" });
    return { status: "link", checkoutUrl: link.checkoutUrl };
  }
  const placed = await tool(client, print, "start_checkout", {
    mode: "place_order",
    ...(options.address ? { address: options.address } : {}),
  });
  await tool(client, print, "get_order", { orderId: placed.order.id });
  return {
    status: "ordered",
    orderNumber: placed.order.number,
    total: placed.order.total,
    discount: placed.order.discount,
  };
}
