import {
  ACP_SHIPPING_OPTION_ID,
  type AcpAddress,
  type AcpBuyer,
  type AcpCheckoutSession,
  type AcpUpdateSession,
} from "@haggle/contract/acp";
import type {
  UcpBuyer,
  UcpCompleteCheckout,
  UcpCreateCheckout,
  UcpFulfillmentRequest,
  UcpPostalAddress,
} from "@haggle/contract/ucp";
import { variantName } from "@haggle/domain/catalog/variant-name";
import { DomainError, invalidField } from "@haggle/domain/errors";
import type { UcpCapabilityEntry } from "@haggle/domain/ucp/ucp-negotiation";
import type { AccountIdentity } from "../../accounts/index.ts";
import { findLineVariants } from "../../catalog/index.ts";
import {
  toAddressInput,
  type AcpDeps,
  cancelAcpSession,
  changeAcpSession,
  completeAcpSession,
  createAcpSession,
  getAcpSession,
} from "../acp/index.ts";
import { checkoutMeta, FULFILLMENT, MANUAL_HANDLER_ID, STRIPE_HANDLER_ID } from "./ucp-profile.ts";

/*
 * The UCP checkout is the ACP checkout session seen through the other protocol: the same
 * session row, the same cart, the one pricing rule, Ava's applied offers, the same order path
 * (keyed by the session, so an order is placed once however often completion is retried). This
 * file only translates: UCP's request into the session's change, the session into UCP's answer.
 */

export type ActiveCapabilities = Record<string, UcpCapabilityEntry>;

const DESTINATIONS = "$.fulfillment.methods[0].destinations[0]";
const OPTION = "$.fulfillment.methods[0].groups[0].selected_option_id";

/** ACP's names for a request's parts, as UCP's request names them (refusals keep pointing at the right field). */
const PATHS: [RegExp, string][] = [
  [/^\$\.items\[(\d+)\]\.id$/, "$.line_items[$1].item.id"],
  [/^\$\.items/, "$.line_items"],
  [/^\$\.fulfillment_option_id$/, OPTION],
  [/^\$\.fulfillment_address\.line_one$/, `${DESTINATIONS}.street_address`],
  [/^\$\.fulfillment_address\.line_two$/, `${DESTINATIONS}.extended_address`],
  [/^\$\.fulfillment_address\.city$/, `${DESTINATIONS}.address_locality`],
  [/^\$\.fulfillment_address\.state$/, `${DESTINATIONS}.address_region`],
  [/^\$\.fulfillment_address\.country$/, `${DESTINATIONS}.address_country`],
  [/^\$\.fulfillment_address\.name$/, `${DESTINATIONS}.first_name`],
  [/^\$\.fulfillment_address/, DESTINATIONS],
  [/^\$\.payment_data/, "$.payment.instruments[0]"],
];

/** A field path of the session's refusals, as UCP's request names it. */
export function ucpPath(param: string | undefined): string | undefined {
  if (!param) return param;
  for (const [pattern, replacement] of PATHS)
    if (pattern.test(param)) return param.replace(pattern, replacement);
  return param;
}

function nameParts(name: string): { first: string; last: string } {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { first: first || name, last: rest.join(" ") };
}

/** The buyer as the session keeps it: what UCP gave, the shopper's account for the rest. */
function acpBuyer(buyer: UcpBuyer | undefined, who: AccountIdentity): AcpBuyer | undefined {
  if (!buyer) return undefined;
  const { first, last } = nameParts(who.name);
  return {
    first_name: buyer.first_name ?? first,
    last_name: buyer.last_name ?? last,
    email: buyer.email ?? who.email,
    ...(buyer.phone_number ? { phone_number: buyer.phone_number } : {}),
  };
}

/** The shipping destination of the request (the selected one, else the first) and the option chosen. */
function readFulfillment(
  fulfillment: UcpFulfillmentRequest | undefined,
  active: ActiveCapabilities,
  who: AccountIdentity,
): { address?: AcpAddress; optionId?: string } {
  const method = fulfillment?.methods?.[0];
  if (!method) return {};
  if (!(FULFILLMENT in active))
    throw invalidField(
      "$.fulfillment",
      `fulfillment needs the ${FULFILLMENT} capability, which this session did not negotiate.`,
      "INVALID",
    );
  if (method.type === "pickup")
    throw invalidField(
      "$.fulfillment.methods[0].type",
      "This shop only ships: there is no pickup.",
      "INVALID",
    );
  const optionId = method.groups?.[0]?.selected_option_id ?? undefined;
  if (optionId && optionId !== ACP_SHIPPING_OPTION_ID)
    throw invalidField(
      OPTION,
      `There is no fulfillment option ${optionId}; the shop offers ${ACP_SHIPPING_OPTION_ID}.`,
      "INVALID",
    );
  const destinations = method.destinations ?? [];
  const chosen =
    destinations.find((d) => d.id !== undefined && d.id === method.selected_destination_id) ??
    destinations[0];
  if (!chosen) return optionId ? { optionId } : {};
  const name = [chosen.first_name, chosen.last_name].filter((part) => part?.trim()).join(" ") || who.name;
  const address: AcpAddress = {
    name,
    line_one: chosen.street_address ?? "",
    ...(chosen.extended_address ? { line_two: chosen.extended_address } : {}),
    city: chosen.address_locality ?? "",
    state: chosen.address_region ?? "",
    country: chosen.address_country ?? "",
    postal_code: chosen.postal_code ?? "",
  };
  // The checkout's own address rules, each refusal named by the UCP field.
  try {
    toAddressInput(address, "$.fulfillment_address");
  } catch (error) {
    if (error instanceof DomainError)
      throw new DomainError(error.kind, error.code, error.message, { field: ucpPath(error.field) });
    throw error;
  }
  return { address, ...(optionId ? { optionId } : {}) };
}

function sessionChange(
  body: UcpCreateCheckout,
  active: ActiveCapabilities,
  who: AccountIdentity,
): AcpUpdateSession {
  const { address, optionId } = readFulfillment(body.fulfillment, active, who);
  const buyer = acpBuyer(body.buyer, who);
  return {
    items: body.line_items.map((line) => ({ id: line.item.id, quantity: line.quantity })),
    ...(buyer ? { buyer } : {}),
    ...(address ? { fulfillment_address: address } : {}),
    ...(optionId ? { fulfillment_option_id: optionId } : {}),
  };
}

const STATUS: Record<AcpCheckoutSession["status"], string> = {
  not_ready_for_payment: "incomplete",
  ready_for_payment: "ready_for_complete",
  in_progress: "complete_in_progress",
  completed: "completed",
  canceled: "canceled",
};

function postalAddress(address: AcpAddress): UcpPostalAddress {
  const { first, last } = nameParts(address.name);
  return {
    first_name: first,
    ...(last ? { last_name: last } : {}),
    street_address: address.line_one,
    ...(address.line_two ? { extended_address: address.line_two } : {}),
    address_locality: address.city,
    ...(address.state ? { address_region: address.state } : {}),
    address_country: address.country,
    postal_code: address.postal_code,
  };
}

const signed = (type: string, amount: number, display_text?: string) => ({
  type,
  amount,
  ...(display_text ? { display_text } : {}),
});

/** The session's totals in UCP's terms: one subtotal, discounts as negative amounts, one total. */
function totalsOf(session: AcpCheckoutSession) {
  return session.totals.flatMap((t) => {
    if (t.type === "items_base_amount") return [];
    if (t.type === "discount" || t.type === "items_discount")
      return t.amount > 0 ? [signed("discount", -t.amount, t.display_text)] : [];
    return [signed(t.type, t.amount, t.display_text)];
  });
}

function messagesOf(session: AcpCheckoutSession, active: ActiveCapabilities) {
  return session.messages.map((m) => {
    if (m.type === "info") return { type: "info" as const, content_type: m.content_type, content: m.content };
    const path =
      m.param === "$.fulfillment_address" ? "$.fulfillment.methods[0].destinations" : ucpPath(m.param);
    const content =
      m.param === "$.fulfillment_address" && !(FULFILLMENT in active)
        ? `${m.content} Negotiate ${FULFILLMENT} to give it here, or continue in the shop.`
        : m.content;
    return {
      type: "error" as const,
      code: m.code,
      ...(path ? { path } : {}),
      content_type: m.content_type,
      content,
      severity: m.code === "invalid" ? ("unrecoverable" as const) : ("recoverable" as const),
    };
  });
}

/** The session as UCP's checkout: line items with titles and unit prices, totals, fulfillment, messages. */
async function ucpCheckout(deps: AcpDeps, session: AcpCheckoutSession, active: ActiveCapabilities) {
  const named = await findLineVariants(
    deps.db,
    session.line_items.map((l) => l.item.id),
  );
  const takesCards = deps.payments.has("stripe");
  const lineIds = session.line_items.map((l) => l.id);
  const option = session.fulfillment_options[0];
  const open = session.status !== "completed" && session.status !== "canceled";
  return {
    ucp: checkoutMeta(active, takesCards),
    id: session.id,
    status: STATUS[session.status],
    currency: session.currency.toUpperCase(),
    ...(session.buyer ? { buyer: session.buyer } : {}),
    line_items: session.line_items.map((line) => {
      const found = named.get(line.item.id);
      return {
        id: line.id,
        item: {
          id: line.item.id,
          title: found ? variantName(found.productName, found.optionValues) : line.item.id,
          price: Math.round(line.base_amount / line.item.quantity),
        },
        quantity: line.item.quantity,
        totals: [
          signed("subtotal", line.base_amount),
          ...(line.discount > 0 ? [signed("discount", -line.discount)] : []),
          ...(line.tax > 0 ? [signed("tax", line.tax)] : []),
          signed("total", line.total),
        ],
      };
    }),
    totals: totalsOf(session),
    ...(FULFILLMENT in active
      ? {
          fulfillment: {
            methods: [
              {
                id: "shipping",
                type: "shipping",
                line_item_ids: lineIds,
                destinations: session.fulfillment_address
                  ? [{ id: "destination_1", ...postalAddress(session.fulfillment_address) }]
                  : [],
                selected_destination_id: session.fulfillment_address ? "destination_1" : null,
                groups: option
                  ? [
                      {
                        id: "group_1",
                        line_item_ids: lineIds,
                        options: [
                          {
                            id: option.id,
                            title: option.title,
                            ...(option.subtitle ? { description: option.subtitle } : {}),
                            totals: [signed("subtotal", option.subtotal), signed("total", option.total)],
                          },
                        ],
                        selected_option_id: session.fulfillment_option_id ?? null,
                      },
                    ]
                  : [],
              },
            ],
          },
        }
      : {}),
    messages: messagesOf(session, active),
    links: [],
    ...(open ? { continue_url: `${deps.publicUrl}/cart` } : {}),
    ...(session.order ? { order: { id: session.order.id, permalink_url: session.order.permalink_url } } : {}),
  };
}

export type UcpCheckout = Awaited<ReturnType<typeof ucpCheckout>>;

/** POST /ucp/checkout-sessions. */
export async function createUcpCheckout(
  deps: AcpDeps,
  who: AccountIdentity,
  body: UcpCreateCheckout,
  active: ActiveCapabilities,
) {
  const change = sessionChange(body, active, who);
  const created = await createAcpSession(deps, who, {
    items: change.items!,
    ...(change.buyer ? { buyer: change.buyer } : {}),
    ...(change.fulfillment_address ? { fulfillment_address: change.fulfillment_address } : {}),
  });
  return ucpCheckout(deps, created, active);
}

/** PUT /ucp/checkout-sessions/{id}: the session replaced by the request (line items, buyer, fulfillment). */
export async function updateUcpCheckout(
  deps: AcpDeps,
  who: AccountIdentity,
  id: string,
  body: UcpCreateCheckout,
  active: ActiveCapabilities,
) {
  return ucpCheckout(deps, await changeAcpSession(deps, who, id, sessionChange(body, active, who)), active);
}

export async function getUcpCheckout(
  deps: AcpDeps,
  who: AccountIdentity,
  id: string,
  active: ActiveCapabilities,
) {
  return ucpCheckout(deps, await getAcpSession(deps, who, id), active);
}

export async function cancelUcpCheckout(
  deps: AcpDeps,
  who: AccountIdentity,
  id: string,
  active: ActiveCapabilities,
) {
  return ucpCheckout(deps, await cancelAcpSession(deps, who, id), active);
}

/**
 * POST /ucp/checkout-sessions/{id}/complete: the instrument must come from a handler this shop
 * advertised: the Stripe token handler (its credential.token is charged) when the shop takes
 * cards, else payment by hand (nothing is charged; the order waits for payment).
 */
export async function completeUcpCheckout(
  deps: AcpDeps,
  who: AccountIdentity,
  id: string,
  body: UcpCompleteCheckout,
  active: ActiveCapabilities,
) {
  const instruments = body.payment.instruments;
  const index = Math.max(
    0,
    instruments.findIndex((i) => (i as { selected?: unknown }).selected === true),
  );
  const instrument = instruments[index]!;
  const at = `$.payment.instruments[${index}]`;
  const takesCards = deps.payments.has("stripe");
  const handler = takesCards ? STRIPE_HANDLER_ID : MANUAL_HANDLER_ID;
  if (instrument.handler_id !== handler)
    throw invalidField(
      `${at}.handler_id`,
      `This shop has no payment handler ${instrument.handler_id.slice(0, 100)}; it takes ${handler}.`,
      "INVALID",
    );
  const token = instrument.credential?.token;
  if (takesCards && !token)
    throw invalidField(
      `${at}.credential.token`,
      "credential.token (the delegated Stripe payment token) is required.",
      "MISSING",
    );
  const session = await completeAcpSession(deps, who, id, {
    ...(takesCards && token ? { payment_data: { token, provider: "stripe" as const } } : {}),
  });
  return ucpCheckout(deps, session, active);
}
