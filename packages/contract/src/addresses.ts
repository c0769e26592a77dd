import {
  isCountryCode,
  normalizePostalCode,
  postalCodeProblem,
  regionProblem,
} from "@haggle/domain/orders/address";
import { z } from "zod";

function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} can be at most ${max} characters.`);
}

function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v));
}

const COUNTRY_MESSAGE = "Country must be a two-letter ISO country code, such as US or DE.";

/**
 * A shipping address as a shopper types it (api.md `Address`). Every problem is a sentence
 * naming its field; postal codes are checked against the country's shape where it has one,
 * and a state or province is required where the post needs one.
 */
export const AddressInputSchema = z
  .object({
    name: requiredText("Name", 100).describe("The recipient's full name."),
    line1: requiredText("Address line 1", 200).describe("Street and number."),
    line2: optionalText("Address line 2", 200).describe("Apartment, suite, floor (optional)."),
    city: requiredText("City", 100).describe("City or town."),
    region: optionalText("State or region", 100).describe(
      "State, province or region, where the country's post needs one (e.g. CA in the US).",
    ),
    postalCode: requiredText("Postal code", 20)
      .transform(normalizePostalCode)
      .describe("Postal or ZIP code, in the country's format."),
    country: z
      .string({ error: COUNTRY_MESSAGE })
      .trim()
      .transform((c) => c.toUpperCase())
      .refine(isCountryCode, COUNTRY_MESSAGE)
      .describe("Two-letter ISO country code, such as US or DE."),
  })
  .superRefine((address, ctx) => {
    const postal = postalCodeProblem(address.country, address.postalCode);
    if (postal) ctx.addIssue({ code: "custom", message: postal, path: ["postalCode"] });
    const region = regionProblem(address.country, address.region);
    if (region) ctx.addIssue({ code: "custom", message: region, path: ["region"] });
  })
  .meta({ id: "AddressInput" });
export type AddressInput = z.output<typeof AddressInputSchema>;

/** An address as stored and answered. */
export const AddressSchema = z
  .object({
    name: z.string(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    region: z.string().nullable(),
    postalCode: z.string(),
    country: z.string(),
  })
  .meta({ id: "Address" });
export type Address = z.infer<typeof AddressSchema>;

/** One address of the shopper's address book; the last used comes first. */
export const SavedAddressSchema = AddressSchema.extend({
  id: z.string(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
}).meta({ id: "SavedAddress" });
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

export const SavedAddressListSchema = z.array(SavedAddressSchema);

/** PATCH /api/addresses/:id: the fields to change (the result is checked as a whole address). */
export const AddressPatchSchema = AddressSchema.partial().meta({ id: "AddressPatch" });
export type AddressPatch = z.infer<typeof AddressPatchSchema>;

/** How many addresses one account may keep. */
export const MAX_SAVED_ADDRESSES = 20;
