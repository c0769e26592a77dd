import type { TryAvaResponse, TryAvaTurn } from "@haggle/contract/try-ava";
import { invalid } from "@haggle/domain/errors";
import { sellerConfigWith } from "@haggle/domain/merchant/merge-seller-config";
import type { SellerConfig } from "@haggle/domain/merchant/seller-config";
import { offerInDecision } from "@haggle/domain/negotiation/decide-counter-offer";
import type { LoyaltyTier } from "@haggle/domain/negotiation/loyalty-tiers";
import { subtotalOf } from "@haggle/domain/negotiation/negotiation-limits";
import {
  freshNegotiation,
  type NegotiationSnapshot,
  type TurnLine,
} from "@haggle/domain/negotiation/negotiation-types";
import { afterTurn, takeShopperTurn } from "@haggle/domain/negotiation/negotiation-turn";
import { writeBuiltInReply } from "@haggle/domain/negotiation/negotiation-voice";
import { quoteOffer } from "@haggle/domain/negotiation/voice-input";
import type { Db } from "../../platform/db/client.ts";
import { findVisibleProduct, type ProductRow, sampleCartProducts } from "../catalog/index.ts";
import { loadSellerConfig } from "../settings/index.ts";
import { findBundleCandidate } from "./negotiation.service.ts";

/**
 * The merchant tries Ava: the shopper's messages are played through the shop's own turn
 * (takeShopperTurn, the bundle search, the built-in voice) on settings not yet saved, a sample
 * cart and a sample shopper, in memory. Nothing is written: no negotiation, message, offer or
 * approval row; the settings are checked as saving them would be, and not saved.
 */

export interface TryAvaInput {
  settings: Partial<SellerConfig>;
  tier: LoyaltyTier;
  cart?: { productId: string; quantity: number }[] | undefined;
  messages: string[];
}

const SAMPLE_CART_SIZE = 2;

async function cartProducts(
  db: Db,
  cart: TryAvaInput["cart"],
): Promise<{ row: ProductRow; quantity: number }[]> {
  if (!cart) return (await sampleCartProducts(db, SAMPLE_CART_SIZE)).map((row) => ({ row, quantity: 1 }));
  const found: { row: ProductRow; quantity: number }[] = [];
  for (const item of cart) {
    const row = await findVisibleProduct(db, item.productId);
    if (!row) throw invalid(`No product has the id ${item.productId}.`, "PRODUCT_NOT_FOUND");
    found.push({ row, quantity: item.quantity });
  }
  return found;
}

function linesOf(products: { row: ProductRow; quantity: number }[]): TurnLine[] {
  return products.map(({ row, quantity }, i) => ({
    cartItemId: `sample-${i + 1}`,
    productId: row.id,
    name: row.name,
    brand: row.brand,
    category: row.category,
    price: row.price,
    listPrice: row.listPrice,
    quantity,
    stockLevel: row.stockLevel,
    demandIndex: row.demandIndex,
  }));
}

export async function tryAva(db: Db, input: TryAvaInput): Promise<TryAvaResponse> {
  // Checked as saving the sections would check them, and not saved.
  const { config, conflict } = sellerConfigWith(await loadSellerConfig(db), input.settings);
  if (conflict) throw invalid(conflict, "CONFIG_CONFLICT");
  const lines = linesOf(await cartProducts(db, input.cart));
  if (lines.length === 0) {
    throw invalid("The catalogue has no product to put in a sample cart yet.", "NO_SAMPLE_CART");
  }
  let negotiation: NegotiationSnapshot = freshNegotiation({
    lines,
    fingerprint: "try-ava",
    profile: { name: "", tier: input.tier, ordersCount: input.tier === "NONE" ? 0 : 3, lifetimeValue: 0 },
    config,
  });
  const now = new Date();
  const turns: TryAvaTurn[] = [];
  for (const [i, message] of input.messages.entries()) {
    // An agreed deal ends a negotiation in the shop (the offer is applied); here Ava says so.
    if (negotiation.latestOffer?.status === "agreed") {
      turns.push({
        message,
        reply:
          "The shopper agreed: in the shop the offer is applied to the cart and the negotiation ends. Start over to try again.",
        decision: "completed",
        offer: null,
        escalation: null,
      });
      continue;
    }
    const candidate = await findBundleCandidate(db, negotiation);
    const turn = takeShopperTurn({ negotiation, message, bundleCandidate: candidate, now });
    negotiation = afterTurn(negotiation, turn, `try-offer-${i + 1}`);
    const standing = negotiation.latestOffer?.terms ?? offerInDecision(turn.decision);
    const quote = quoteOffer(standing, lines, config);
    turns.push({
      message,
      reply: writeBuiltInReply(turn.voice),
      decision: turn.decision.kind,
      offer:
        standing && quote
          ? {
              discountPercent: standing.percent / 100,
              discountAmount: standing.discount,
              total: quote.total,
              newItems: standing.newItems.map((n) => ({
                name: n.name,
                quantity: n.quantity,
                price: n.price,
              })),
            }
          : null,
      escalation: turn.escalation
        ? { discountPercent: turn.escalation.percent / 100, discountAmount: turn.escalation.amount }
        : null,
    });
  }
  return {
    cart: {
      items: lines.map((l) => ({
        productId: l.productId,
        name: l.name,
        quantity: l.quantity,
        unitPrice: l.price,
      })),
      subtotal: subtotalOf(lines),
    },
    tier: input.tier,
    turns,
  };
}
