import { ACP_API_VERSION_2026 } from "@haggle/contract/acp-2026";
import type { AcpRejectedCode } from "./acp-session-codes.ts";
import type { AcpSessionState } from "./acp-sessions.service.ts";

/*
 * The checkout session in ACP 2026-04-17's shape, written from the one session state: capabilities
 * (the shop's payment handler and the discount extension), line items with their totals, fulfillment
 * details and the selected option, the discount extension's applied and rejected codes (each
 * rejected code also a warning message), and the order once placed.
 */

const CARD_HANDLER = {
  id: "card_tokenized",
  name: "dev.acp.tokenized.card",
  display_name: "Card",
  version: "2026-01-22",
  spec: "https://acp.dev/handlers/tokenized.card",
  requires_delegate_payment: true,
  requires_pci_compliance: false,
  psp: "stripe",
  config_schema: "https://acp.dev/schemas/handlers/tokenized.card/config.json",
  instrument_schemas: ["https://acp.dev/schemas/handlers/tokenized.card/instrument.json"],
  config: { psp: "stripe" },
};

/** The discount extension, as the session declares it is active. */
const DISCOUNT_EXTENSION = {
  name: "discount",
  extends: [
    "$.CheckoutSessionCreateRequest.discounts",
    "$.CheckoutSessionUpdateRequest.discounts",
    "$.CheckoutSession.discounts",
  ],
};

/**
 * The shop's capabilities for this session: the card handler when it takes cards (else none:
 * payment is due by hand, and an info message says so); no interventions (3-D Secure and the
 * like are not offered, so the intersection with any agent's is empty).
 */
function capabilities(takesCards: boolean) {
  return {
    ...(takesCards ? { payment: { handlers: [CARD_HANDLER] } } : {}),
    interventions: { supported: [] },
    extensions: [DISCOUNT_EXTENSION],
  };
}

function lineItems(state: AcpSessionState) {
  return state.line_items.map((line, i) => ({
    id: line.id,
    item: { id: line.item.id },
    quantity: line.item.quantity,
    name: state.detail.names[i] ?? line.item.id,
    unit_amount: Math.round(line.base_amount / Math.max(1, line.item.quantity)),
    totals: [
      { type: "items_base_amount" as const, display_text: "Base amount", amount: line.base_amount },
      { type: "discount" as const, display_text: "Discount", amount: line.discount },
      { type: "subtotal" as const, display_text: "Subtotal", amount: line.subtotal },
      { type: "tax" as const, display_text: "Tax", amount: line.tax },
      { type: "total" as const, display_text: "Total", amount: line.total },
    ],
  }));
}

function fulfillmentOptions(state: AcpSessionState) {
  return state.fulfillment_options.map((option) => ({
    type: "shipping" as const,
    id: option.id,
    title: option.title,
    ...(option.subtitle ? { description: option.subtitle } : {}),
    totals: [
      { type: "fulfillment" as const, display_text: option.title, amount: option.subtotal },
      { type: "tax" as const, display_text: "Tax", amount: option.tax },
      { type: "total" as const, display_text: "Total", amount: option.total },
    ],
  }));
}

/** The discount extension's answer: the codes in play, the one applied, and those refused. */
function discounts(state: AcpSessionState) {
  const { code, rejected } = state.detail;
  const refused: AcpRejectedCode[] = [...(code?.rejected ? [code.rejected] : []), ...rejected];
  if (!code && refused.length === 0) return null;
  const codes = [...(code ? [code.code] : []), ...rejected.map((r) => r.code)];
  return {
    codes,
    applied:
      code && !code.rejected
        ? [
            {
              id: `discount_${code.code}`,
              code: code.code,
              coupon: { id: code.code, name: `Discount code ${code.code}` },
              amount: code.amount,
            },
          ]
        : [],
    rejected: refused.map((r) => ({ code: r.code, reason: r.reason, message: r.message })),
    warnings: refused.map((r) => ({
      type: "warning" as const,
      code: r.reason,
      resolution: "recoverable" as const,
      param: r.index === null ? "$.discounts.codes" : `$.discounts.codes[${r.index}]`,
      content_type: "plain" as const,
      content: r.message,
    })),
  };
}

/** The session as ACP 2026-04-17 answers it; `param` names a field in this version's words. */
export function acp2026Session(state: AcpSessionState, param: (path: string) => string) {
  const address = state.fulfillment_address;
  const codes = discounts(state);
  const shipsAll = state.fulfillment_option_id && state.line_items.length > 0;
  return {
    id: state.id,
    protocol: { version: ACP_API_VERSION_2026 },
    capabilities: capabilities(state.detail.takesCards),
    ...(state.buyer ? { buyer: state.buyer } : {}),
    status: state.status,
    currency: state.currency,
    line_items: lineItems(state),
    ...(address ? { fulfillment_details: { name: address.name, address } } : {}),
    fulfillment_options: fulfillmentOptions(state),
    ...(shipsAll
      ? {
          selected_fulfillment_options: [
            {
              type: "shipping" as const,
              option_id: state.fulfillment_option_id!,
              item_ids: state.line_items.map((line) => line.item.id),
            },
          ],
        }
      : {}),
    totals: state.totals,
    messages: [
      ...state.messages.map((m) => (m.param ? { ...m, param: param(m.param) } : m)),
      ...(codes?.warnings ?? []),
    ],
    links: state.links,
    ...(codes ? { discounts: { codes: codes.codes, applied: codes.applied, rejected: codes.rejected } } : {}),
    ...(state.order ? { order: { type: "order" as const, ...state.order } } : {}),
  };
}
