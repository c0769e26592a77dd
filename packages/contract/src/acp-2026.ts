import { z } from "zod";
import { AcpAddressSchema } from "./acp.ts";

/**
 * The Agentic Commerce Protocol's checkout requests, version 2026-04-17 (spec/2026-04-17/
 * json-schema/schema.agentic_checkout.json of github.com/agentic-commerce-protocol/
 * agentic-commerce-protocol; docs/decisions/0067-acp-2026-04-17.md). The shop reads these and
 * maps them onto the one checkout session (the 2025-09-29 requests' meaning); the answer is built
 * from the same session. Requests are strict where the spec says `additionalProperties: false`;
 * objects the shop accepts but has no use for (attribution, risk signals, consents) are taken
 * as the spec shapes them and left aside.
 */
export const ACP_API_VERSION_2026 = "2026-04-17";

const text = (field: string, max = 200) =>
  z
    .string({ error: `${field} must be text.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(max, `${field} can be at most ${max} characters.`);

/** Something the spec defines that the shop takes without using it: any JSON object. */
const kept = (field: string) => z.object({}, { error: `${field} must be an object.` }).loose();

const optionalText = (field: string, max = 200) =>
  z
    .string({ error: `${field} must be text.` })
    .max(max, `${field} can be at most ${max} characters.`)
    .optional();

export const Acp2026AddressSchema = AcpAddressSchema.extend({ company: optionalText("company") }).meta({
  id: "Acp2026Address",
});
export type Acp2026Address = z.infer<typeof Acp2026AddressSchema>;

export const Acp2026BuyerSchema = z
  .strictObject({
    first_name: optionalText("first_name", 100),
    last_name: optionalText("last_name", 100),
    full_name: optionalText("full_name", 200),
    email: z.email("email must be an e-mail address."),
    phone_number: optionalText("phone_number", 40),
    customer_id: optionalText("customer_id"),
    account_type: z.enum(["guest", "registered", "business"]).optional(),
    authentication_status: z.enum(["authenticated", "guest", "requires_signin"]).optional(),
    company: kept("company").optional(),
    loyalty: kept("loyalty").optional(),
    tax_exemption: kept("tax_exemption").optional(),
  })
  .meta({ id: "Acp2026Buyer" });
export type Acp2026Buyer = z.infer<typeof Acp2026BuyerSchema>;

/**
 * An item asked for. The spec's Item has no quantity (one unit per entry; an id listed twice is
 * two units); the spec's own discount examples send one, so a whole `quantity` is taken too. A
 * `name` or `unit_amount` sent by the agent is read and ignored: the shop alone prices.
 */
export const Acp2026ItemSchema = z
  .strictObject({
    id: text("id", 100),
    name: optionalText("name"),
    unit_amount: z.int({ error: "unit_amount must be a whole number of cents." }).optional(),
    quantity: z
      .number({ error: "quantity must be a number." })
      .int("quantity must be a whole number.")
      .positive("quantity must be more than 0.")
      .optional(),
  })
  .meta({ id: "Acp2026Item" });
export type Acp2026Item = z.infer<typeof Acp2026ItemSchema>;

const LineItems = z
  .array(Acp2026ItemSchema, { error: "line_items must be a list." })
  .min(1, "line_items must list at least one item.")
  .max(100, "line_items can list at most 100 items.");

export const Acp2026FulfillmentDetailsSchema = z
  .strictObject({
    name: optionalText("name", 100),
    phone_number: optionalText("phone_number", 40),
    email: z.email("email must be an e-mail address.").optional(),
    address: Acp2026AddressSchema.optional(),
  })
  .meta({ id: "Acp2026FulfillmentDetails" });

export const Acp2026SelectedFulfillmentOptionSchema = z.strictObject({
  type: z.enum(["shipping", "digital", "pickup", "local_delivery"], {
    error: "type must be shipping, digital, pickup or local_delivery.",
  }),
  option_id: text("option_id", 100),
  item_ids: z.array(z.string({ error: "item_ids must list item ids." }).max(100)).max(100),
});

export const Acp2026CapabilitiesSchema = z
  .strictObject(
    {
      payment: kept("payment").optional(),
      interventions: kept("interventions").optional(),
      extensions: z
        .array(z.union([z.string().max(200), kept("extension")]), { error: "extensions must be a list." })
        .max(50)
        .optional(),
    },
    { error: "capabilities is required: what the agent can handle, as an object ({} for nothing special)." },
  )
  .meta({ id: "Acp2026Capabilities" });

/** The discount extension's request: the codes the buyer entered (the whole set; [] removes them). */
export const Acp2026DiscountsRequestSchema = z.strictObject({
  codes: z
    .array(text("a discount code", 64), { error: "codes must be a list of discount codes." })
    .max(10, "codes can list at most 10 discount codes.")
    .optional(),
});

const Codes = z.array(text("a coupon", 64), { error: "coupons must be a list." }).max(10).optional();
const Notes = z.string().max(5000, "order_notes can be at most 5000 characters.").optional();

export const Acp2026CreateSessionSchema = z
  .strictObject({
    buyer: Acp2026BuyerSchema.optional(),
    line_items: LineItems,
    currency: z.string({ error: "currency is required: usd." }).max(3, "currency must be usd."),
    fulfillment_details: Acp2026FulfillmentDetailsSchema.optional(),
    capabilities: Acp2026CapabilitiesSchema,
    fulfillment_groups: z.array(kept("a fulfillment group")).max(100).optional(),
    affiliate_attribution: kept("affiliate_attribution").optional(),
    coupons: Codes,
    discounts: Acp2026DiscountsRequestSchema.optional(),
    locale: optionalText("locale", 35),
    timezone: optionalText("timezone", 64),
    quote_id: optionalText("quote_id"),
    metadata: kept("metadata").optional(),
    order_notes: Notes,
  })
  .meta({ id: "Acp2026CheckoutSessionCreateRequest" });
export type Acp2026CreateSession = z.infer<typeof Acp2026CreateSessionSchema>;

export const Acp2026UpdateSessionSchema = z
  .strictObject({
    buyer: Acp2026BuyerSchema.optional(),
    line_items: LineItems.optional(),
    fulfillment_details: Acp2026FulfillmentDetailsSchema.optional(),
    fulfillment_groups: z.array(kept("a fulfillment group")).max(100).optional(),
    selected_fulfillment_options: z.array(Acp2026SelectedFulfillmentOptionSchema).max(20).optional(),
    coupons: Codes,
    discounts: Acp2026DiscountsRequestSchema.optional(),
    order_notes: Notes,
  })
  .meta({ id: "Acp2026CheckoutSessionUpdateRequest" });
export type Acp2026UpdateSession = z.infer<typeof Acp2026UpdateSessionSchema>;

export const Acp2026PaymentDataSchema = z.strictObject({
  handler_id: optionalText("handler_id", 100),
  instrument: z
    .object({
      type: text("instrument.type", 100),
      credential: z
        .object({ type: text("credential.type", 100), token: text("credential.token", 500) })
        .loose(),
    })
    .loose()
    .optional(),
  billing_address: Acp2026AddressSchema.optional(),
  purchase_order_number: optionalText("purchase_order_number"),
  payment_terms: z.enum(["immediate", "net_15", "net_30", "net_60", "net_90"]).optional(),
  due_date: z.string().max(40).optional(),
  approval_required: z.boolean().optional(),
});
export type Acp2026PaymentData = z.infer<typeof Acp2026PaymentDataSchema>;

/**
 * payment_data is required by the spec; a shop without card payments takes payment by hand, so
 * there it is left out, as with 2025-09-29 (docs/decisions/0013-acp.md).
 */
export const Acp2026CompleteSessionSchema = z
  .strictObject({
    buyer: Acp2026BuyerSchema.optional(),
    payment_data: Acp2026PaymentDataSchema.optional(),
    authentication_result: kept("authentication_result").optional(),
    affiliate_attribution: kept("affiliate_attribution").optional(),
    risk_signals: kept("risk_signals").optional(),
    marketing_consents: z.array(kept("a marketing consent")).max(10).optional(),
    order_notes: Notes,
  })
  .meta({ id: "Acp2026CheckoutSessionCompleteRequest" });
export type Acp2026CompleteSession = z.infer<typeof Acp2026CompleteSessionSchema>;

/** Cancel's body: an optional intent trace (why the buyer left), taken and left aside. */
export const Acp2026CancelSessionSchema = z.object({ intent_trace: kept("intent_trace").optional() }).loose();

/** The 2026-04-17 session as answered (documented loosely; the tests validate the spec's schema). */
export const Acp2026CheckoutSessionSchema = z
  .object({
    id: z.string(),
    protocol: z.object({ version: z.string() }),
    capabilities: z.object({}).loose(),
    status: z.string(),
    currency: z.string(),
    line_items: z.array(z.object({}).loose()),
    fulfillment_options: z.array(z.object({}).loose()),
    totals: z.array(z.object({ type: z.string(), display_text: z.string(), amount: z.int() })),
    messages: z.array(z.object({}).loose()),
    links: z.array(z.object({}).loose()),
  })
  .loose()
  .meta({ id: "Acp2026CheckoutSession" });
export type Acp2026CheckoutSession = z.infer<typeof Acp2026CheckoutSessionSchema>;
