import {
  AcceptOfferInputSchema,
  CartOutputSchema,
  NegotiateInputSchema,
  NegotiateOutputSchema,
} from "@haggle/contract/agents";
import { formatPercentPoints } from "@haggle/domain/pricing/percent";
import { splitNegotiationData } from "@haggle/contract/negotiation";
import { conflict, limitReached } from "@haggle/domain/errors";
import { formatMoney } from "@haggle/domain/pricing/money";
import { hitRateLimit } from "../../platform/rate-limit.ts";
import { type AgentTool, defineTool, shopperOf } from "../../platform/agent-tools/agent-tool.ts";
import { agentCart, agentOffer } from "../cart/index.ts";
import {
  acceptOffer,
  assertAgentsMayNegotiate,
  currentNegotiation,
  getNegotiation,
  negotiateTurn,
  startNegotiation,
} from "./negotiation.service.ts";

/**
 * Ava for agents: one turn of the same negotiation the web page holds (same service, policy,
 * limits, escalation band, expiry and cart binding), one standing offer per shopper's cart
 * whichever key or page asks.
 */
export const negotiationTools: AgentTool[] = [
  defineTool({
    name: "negotiate",
    title: "Negotiate with Ava",
    description:
      "One turn of negotiating the cart's price with Ava, the shop's negotiator: send what the shopper says, get Ava's reply, the offer standing after the turn and its expiry. The cart must hold something; the offer is bound to the cart's contents. restart: true starts the negotiation over.",
    access: "shopper",
    readOnly: false,
    input: NegotiateInputSchema,
    output: NegotiateOutputSchema,
    handler: async (deps, shopper, input) => {
      const who = shopperOf(shopper);
      await assertAgentsMayNegotiate(deps.db);
      // The web page's per-shopper turn limit counts an agent's turns too: a key gains no extra turns.
      const turns = await hitRateLimit(
        deps.db,
        `negotiation-turn:user:${who.id}`,
        deps.negotiationTurnsPerMinute,
        60,
      );
      if (!turns.allowed)
        throw limitReached(
          `Too many negotiation turns. Wait ${turns.retryAfterSeconds} seconds and try again.`,
        );
      const { id } = await startNegotiation(deps.db, who, { restart: input.restart, channel: "agent" });
      const outcome = await negotiateTurn(
        { db: deps.db, ai: deps.ai, logger: deps.logger },
        who,
        id,
        input.message,
        "agent",
      );
      const negotiation = await getNegotiation(deps.db, who, id);
      const offer = negotiation.offer ? agentOffer(negotiation.offer) : null;
      const applied = negotiation.offer?.status === "applied";
      return {
        value: {
          negotiationId: id,
          reply: splitNegotiationData(outcome.content).display,
          offer,
          expiresAt: offer?.expiresAt ?? null,
          approval: negotiation.approval?.status ?? null,
          applied,
        },
        summary: negotiation.offer
          ? `${outcome.decision.kind}: offer ${formatPercentPoints(negotiation.offer.discountPercent)} (${formatMoney(negotiation.offer.discountAmount)}) ${negotiation.offer.status}`
          : outcome.decision.kind,
      };
    },
  }),
  defineTool({
    name: "accept_offer",
    title: "Accept Ava's offer",
    description:
      "Apply the offer standing in the negotiation to the cart (as the web page's 'Accept Offer & Apply to Cart' does). Fails when no offer stands, it expired, or the cart changed since.",
    access: "shopper",
    readOnly: false,
    input: AcceptOfferInputSchema,
    output: CartOutputSchema,
    handler: async (deps, shopper) => {
      const who = shopperOf(shopper);
      await assertAgentsMayNegotiate(deps.db);
      const { id } = await currentNegotiation(deps.db, who);
      if (!id) throw conflict("No offer stands for this cart: negotiate first.", "NO_STANDING_OFFER");
      const cart = await acceptOffer(deps.db, who, id);
      return {
        value: { cart: agentCart(cart) },
        summary: `applied: discount ${formatMoney(cart.summary.discount)}, total ${formatMoney(cart.summary.total)}`,
      };
    },
  }),
];
