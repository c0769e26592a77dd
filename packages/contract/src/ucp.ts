import { z } from "zod";

/*
 * The Universal Commerce Protocol's checkout over REST (UCP 2026-04-08), as far as this shop
 * reads requests: the spec's objects are open (`additionalProperties: true`), so unknown fields
 * pass unread; the fields read are checked with sentences naming them.
 */

export { UCP_VERSION } from "@haggle/domain/ucp/ucp-negotiation";

const text = (label: string, max = 200) =>
  z.string({ error: `${label} must be text.` }).max(max, `${label} can be at most ${max} characters.`);

export const UcpPostalAddressSchema = z
  .object({
    id: text("id", 100).optional(),
    first_name: text("first_name", 100).optional(),
    last_name: text("last_name", 100).optional(),
    street_address: text("street_address").optional(),
    extended_address: text("extended_address").optional(),
    address_locality: text("address_locality", 100).optional(),
    address_region: text("address_region", 100).optional(),
    address_country: text("address_country", 100).optional(),
    postal_code: text("postal_code", 20).optional(),
    phone_number: text("phone_number", 40).optional(),
  })
  .loose()
  .meta({ id: "UcpPostalAddress" });
export type UcpPostalAddress = z.infer<typeof UcpPostalAddressSchema>;

export const UcpBuyerSchema = z
  .object({
    first_name: text("first_name", 100).optional(),
    last_name: text("last_name", 100).optional(),
    email: z.email("email must be an e-mail address.").optional(),
    phone_number: text("phone_number", 40).optional(),
  })
  .loose();
export type UcpBuyer = z.infer<typeof UcpBuyerSchema>;

export const UcpLineItemRequestSchema = z
  .object({
    id: text("id", 100).optional(),
    item: z
      .object(
        { id: text("item.id", 100).min(1, "item.id is required.") },
        { error: "item must be an object with an id." },
      )
      .loose(),
    quantity: z
      .number({ error: "quantity must be a number." })
      .int("quantity must be a whole number.")
      .positive("quantity must be more than 0."),
  })
  .loose();

const LineItems = z
  .array(UcpLineItemRequestSchema, { error: "line_items must be a list." })
  .min(1, "line_items must list at least one item.")
  .max(100, "line_items can list at most 100 items.");

export const UcpFulfillmentRequestSchema = z
  .object({
    methods: z
      .array(
        z
          .object({
            id: text("id", 100).optional(),
            type: z.enum(["shipping", "pickup"], { error: "type must be shipping or pickup." }).optional(),
            destinations: z
              .array(UcpPostalAddressSchema)
              .max(10, "destinations can list at most 10.")
              .optional(),
            selected_destination_id: text("selected_destination_id", 100).nullable().optional(),
            groups: z
              .array(
                z
                  .object({
                    id: text("id", 100).optional(),
                    selected_option_id: text("selected_option_id", 100).nullable().optional(),
                  })
                  .loose(),
              )
              .max(10, "groups can list at most 10.")
              .optional(),
          })
          .loose(),
      )
      .max(10, "methods can list at most 10.")
      .optional(),
  })
  .loose();
export type UcpFulfillmentRequest = z.infer<typeof UcpFulfillmentRequestSchema>;

export const UcpCreateCheckoutSchema = z
  .object({
    line_items: LineItems,
    buyer: UcpBuyerSchema.optional(),
    fulfillment: UcpFulfillmentRequestSchema.optional(),
  })
  .loose()
  .meta({ id: "UcpCheckoutCreateRequest" });
export type UcpCreateCheckout = z.infer<typeof UcpCreateCheckoutSchema>;

/** PUT replaces the session: line_items again in full (the spec's update requires them). */
export const UcpUpdateCheckoutSchema = UcpCreateCheckoutSchema.meta({ id: "UcpCheckoutUpdateRequest" });
export type UcpUpdateCheckout = UcpCreateCheckout;

export const UcpPaymentInstrumentSchema = z
  .object({
    id: text("id", 100),
    handler_id: text("handler_id", 100),
    type: text("type", 100),
    credential: z
      .object({ type: text("type", 100).optional(), token: text("token", 500).optional() })
      .loose()
      .optional(),
  })
  .loose();

export const UcpCompleteCheckoutSchema = z
  .object({
    payment: z.object(
      {
        instruments: z
          .array(UcpPaymentInstrumentSchema, { error: "payment.instruments must be a list." })
          .min(1, "payment.instruments must list the instrument to pay with.")
          .max(5, "payment.instruments can list at most 5."),
      },
      { error: "payment is required: the instrument to pay with." },
    ),
  })
  .loose()
  .meta({ id: "UcpCheckoutCompleteRequest" });
export type UcpCompleteCheckout = z.infer<typeof UcpCompleteCheckoutSchema>;

/** A UCP answer: the checkout, an error envelope, or a profile; its shape is the spec's (tests validate it). */
export const UcpAnswerSchema = z.record(z.string(), z.unknown()).meta({ id: "UcpAnswer" });
