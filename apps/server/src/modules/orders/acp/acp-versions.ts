import { shopCurrency } from "@haggle/domain/pricing/money";
import {
  ACP_API_VERSION,
  type AcpBuyer,
  AcpCheckoutSessionSchema,
  type AcpCompleteSession,
  AcpCompleteSessionSchema,
  type AcpCreateSession,
  AcpCreateSessionSchema,
  type AcpUpdateSession,
  AcpUpdateSessionSchema,
} from "@haggle/contract/acp";
import {
  ACP_API_VERSION_2026,
  type Acp2026Address,
  type Acp2026Buyer,
  Acp2026CancelSessionSchema,
  Acp2026CompleteSessionSchema,
  Acp2026CreateSessionSchema,
  type Acp2026Item,
  type Acp2026PaymentData,
  Acp2026UpdateSessionSchema,
} from "@haggle/contract/acp-2026";
import { DomainError, invalid } from "@haggle/domain/errors";
import { z } from "zod";
import { invalidParam } from "./acp-address.ts";
import { parseBody } from "./acp-body.ts";
import { acp2026Session } from "./acp-answer-2026.ts";
import type { AcpCodesInput, AcpSessionState } from "./acp-sessions.service.ts";

/*
 * ACP's versions at the edge of its routes: the checkout session is one (its services speak the
 * 2025-09-29 meaning); each version reads its own request into that meaning and writes the
 * session out in its own shape. A new version is one more entry here.
 */

/** What each operation hands the session's services, whatever version asked. */
export interface AcpInputs {
  create: AcpCreateSession & AcpCodesInput;
  update: AcpUpdateSession & AcpCodesInput;
  complete: AcpCompleteSession;
  cancel: undefined;
  get: undefined;
}
export type AcpOperation = keyof AcpInputs;

export interface AcpVersion {
  version: string;
  /** Each operation's body, read and mapped onto the session's input (refusals name this version's fields). */
  read: { [K in AcpOperation]: (raw: string) => AcpInputs[K] };
  /** The session as this version answers it. */
  answer(state: AcpSessionState): unknown;
  /** A field named by the session's services (the 2025-09-29 request's JSONPath), in this version's words. */
  param(path: string): string;
  /** The status of an error whose code this version answers apart from the common table. */
  statusOf(code: string): number | undefined;
}

const ANY_OBJECT = z.object({}).loose();

const V2025: AcpVersion = {
  version: ACP_API_VERSION,
  read: {
    create: (raw) => parseBody(AcpCreateSessionSchema, raw)!,
    update: (raw) => parseBody(AcpUpdateSessionSchema, raw)!,
    complete: (raw) => parseBody(AcpCompleteSessionSchema, raw)!,
    cancel: (raw) => {
      parseBody(ANY_OBJECT, raw);
      return undefined;
    },
    get: () => undefined,
  },
  // The schema's parse keeps the version's fields and drops what later versions add.
  answer: (state) => AcpCheckoutSessionSchema.parse(state),
  param: (path) => path,
  statusOf: () => undefined,
};

/** The one payment handler the shop offers when it takes cards: Stripe's delegated card token. */
export const ACP_CARD_HANDLER_ID = "card_tokenized";

function buyerOf(buyer: Acp2026Buyer | undefined): AcpBuyer | undefined {
  if (!buyer) return undefined;
  const [first, ...rest] = (buyer.full_name ?? "").trim().split(/\s+/);
  return {
    first_name: buyer.first_name?.trim() || first || buyer.email.split("@")[0]!,
    last_name: buyer.last_name?.trim() || rest.join(" "),
    email: buyer.email,
    ...(buyer.phone_number ? { phone_number: buyer.phone_number } : {}),
  };
}

function addressOf(details: { address?: Acp2026Address | undefined } | undefined) {
  if (!details?.address) return undefined;
  const { company: _company, ...address } = details.address;
  return address;
}

/** The spec's Item carries no quantity: each entry is one unit unless it says otherwise. */
function itemsOf(items: readonly Acp2026Item[]) {
  return items.map((item) => ({ id: item.id, quantity: item.quantity ?? 1 }));
}

function codesOf(body: { discounts?: { codes?: string[] | undefined }; coupons?: string[] | undefined }) {
  return body.discounts?.codes ?? body.coupons;
}

function optionOf(selected: { type: string; option_id: string }[] | undefined): string | undefined {
  if (!selected || selected.length === 0) return undefined;
  for (const [i, option] of selected.entries())
    if (option.type !== "shipping")
      throw invalidParam(
        `$.selected_fulfillment_options[${i}].type`,
        "This shop ships every order: the only fulfillment type is shipping.",
      );
  const ids = new Set(selected.map((o) => o.option_id));
  if (ids.size > 1)
    throw invalidParam(
      "$.selected_fulfillment_options",
      "Every item ships together: choose one fulfillment option for all of them.",
    );
  return selected[0]!.option_id;
}

function paymentOf(data: Acp2026PaymentData | undefined): AcpCompleteSession["payment_data"] {
  if (!data) return undefined;
  if (!data.instrument)
    throw invalidParam(
      "$.payment_data",
      data.purchase_order_number
        ? "This shop does not take purchase orders: pay with the card handler, or complete without payment_data where the shop takes payment by hand."
        : "payment_data needs handler_id and instrument.",
    );
  if (data.handler_id !== ACP_CARD_HANDLER_ID)
    throw invalidParam(
      "$.payment_data.handler_id",
      `There is no payment handler ${data.handler_id ?? "(none given)"}; the shop offers ${ACP_CARD_HANDLER_ID}.`,
    );
  const billing = addressOf({ address: data.billing_address });
  return {
    token: data.instrument.credential.token,
    provider: "stripe",
    ...(billing ? { billing_address: billing } : {}),
  };
}

function currencyOf(currency: string): void {
  const ours = shopCurrency().toLowerCase();
  if (currency.trim().toLowerCase() !== ours)
    throw invalidParam("$.currency", `This shop sells in ${ours}; ${currency.slice(0, 10)} is not offered.`);
}

/** The 2025-09-29 request's fields as 2026-04-17 names them (its items are line_items, its address fulfillment details). */
function param2026(path: string): string {
  return path
    .replace(/^\$\.items\[(\d+)\]\.quantity/, "$.line_items[$1]")
    .replace(/^\$\.items/, "$.line_items")
    .replace(/^\$\.fulfillment_address/, "$.fulfillment_details.address")
    .replace(/^\$\.fulfillment_option_id/, "$.selected_fulfillment_options");
}

const V2026: AcpVersion = {
  version: ACP_API_VERSION_2026,
  read: {
    create: (raw) => {
      const body = parseBody(Acp2026CreateSessionSchema, raw)!;
      currencyOf(body.currency);
      const buyer = buyerOf(body.buyer);
      const address = addressOf(body.fulfillment_details);
      const codes = codesOf(body);
      return {
        items: itemsOf(body.line_items),
        ...(buyer ? { buyer } : {}),
        ...(address ? { fulfillment_address: address } : {}),
        ...(codes ? { discount_codes: codes } : {}),
      };
    },
    update: (raw) => {
      const body = parseBody(Acp2026UpdateSessionSchema, raw)!;
      const buyer = buyerOf(body.buyer);
      const address = addressOf(body.fulfillment_details);
      const option = optionOf(body.selected_fulfillment_options);
      const codes = codesOf(body);
      return {
        ...(body.line_items ? { items: itemsOf(body.line_items) } : {}),
        ...(buyer ? { buyer } : {}),
        ...(address ? { fulfillment_address: address } : {}),
        ...(option ? { fulfillment_option_id: option } : {}),
        ...(codes ? { discount_codes: codes } : {}),
      };
    },
    complete: (raw) => {
      const body = parseBody(Acp2026CompleteSessionSchema, raw)!;
      const buyer = buyerOf(body.buyer);
      const payment = paymentOf(body.payment_data);
      return { ...(buyer ? { buyer } : {}), ...(payment ? { payment_data: payment } : {}) };
    },
    cancel: (raw) => {
      parseBody(Acp2026CancelSessionSchema, raw);
      return undefined;
    },
    get: () => undefined,
  },
  answer: (state) => acp2026Session(state, param2026),
  param: param2026,
  // 2026-04-17 answers a reused Idempotency-Key with another request as 422 (2025-09-29: 409).
  statusOf: (code) => (code === "IDEMPOTENCY_CONFLICT" ? 422 : undefined),
};

/** Every version the shop speaks, oldest first. */
export const ACP_VERSIONS: readonly AcpVersion[] = [V2025, V2026];
export const ACP_SUPPORTED_VERSIONS = ACP_VERSIONS.map((v) => v.version);

/** The version an `API-Version` header names; refused (400, with the versions spoken) when missing or unknown. */
export function acpVersionOf(header: string | undefined): AcpVersion {
  const spoken = ACP_SUPPORTED_VERSIONS.join(", ");
  if (!header)
    throw invalid(`The API-Version header is required; this shop speaks ${spoken}.`, "MISSING_API_VERSION");
  const found = ACP_VERSIONS.find((v) => v.version === header.trim());
  if (!found)
    throw invalid(
      `API-Version ${header.slice(0, 40)} is not supported; this shop speaks ${spoken}.`,
      "UNSUPPORTED_API_VERSION",
    );
  return found;
}

/** A service's refusal (its field named as 2025-09-29's request names it) in the asking version's words. */
export function inVersionWords(error: unknown, version: AcpVersion): unknown {
  if (!(error instanceof DomainError) || !error.field) return error;
  const field = version.param(error.field);
  return field === error.field ? error : new DomainError(error.kind, error.code, error.message, { field });
}
