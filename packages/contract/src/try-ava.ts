import { z } from "zod";
import { LoyaltyTierSchema } from "./account.ts";
import { CONFIG_SECTION_SCHEMAS } from "./merchant.ts";
import { MoneySchema } from "./money.ts";
import { MAX_MESSAGE_LENGTH } from "./negotiation.ts";

/** How many shopper messages one try may replay. */
export const MAX_TRY_MESSAGES = 20;

/**
 * POST /api/merchant/try-ava: the merchant types as a shopper against settings not yet saved.
 * Each section sent is checked exactly as saving it would be (its own schema here, the rule
 * across sections on the server); sections left out are the saved ones. Nothing is stored: the
 * whole conversation is sent and replayed each time.
 */
export const TryAvaRequestSchema = z
  .object({
    settings: z
      .object({
        negotiation_limits: CONFIG_SECTION_SCHEMAS.negotiation_limits.optional(),
        tier_benefits: CONFIG_SECTION_SCHEMAS.tier_benefits.optional(),
        escalation_rules: CONFIG_SECTION_SCHEMAS.escalation_rules.optional(),
        global_rules: CONFIG_SECTION_SCHEMAS.global_rules.optional(),
        pricing: CONFIG_SECTION_SCHEMAS.pricing.optional(),
      })
      .default({}),
    /** The sample shopper's loyalty tier. */
    tier: LoyaltyTierSchema.default("NONE"),
    /** A cart to try; left out, the shop picks a sample cart from its catalogue. */
    cart: z
      .array(
        z.object({
          productId: z.string({ error: "Each cart item needs a productId." }).min(1).max(100),
          quantity: z
            .number({ error: "quantity must be a whole number from 1 to 99." })
            .int("quantity must be a whole number from 1 to 99.")
            .min(1, "quantity must be a whole number from 1 to 99.")
            .max(99, "quantity must be a whole number from 1 to 99."),
        }),
        { error: "cart must be a list of {productId, quantity}." },
      )
      .min(1, "A cart to try needs at least one item.")
      .max(10, "A cart to try can have at most 10 items.")
      .optional(),
    /** The shopper's messages so far, oldest first; Ava answers each. */
    messages: z
      .array(
        z
          .string({ error: "Each message must be text." })
          .trim()
          .min(1, "A message is empty.")
          .max(MAX_MESSAGE_LENGTH, `A message can be at most ${MAX_MESSAGE_LENGTH} characters.`),
        { error: "messages must be a list of texts." },
      )
      .min(1, "Send at least one message.")
      .max(MAX_TRY_MESSAGES, `A try can have at most ${MAX_TRY_MESSAGES} messages; start over.`),
  })
  .meta({ id: "TryAvaRequest" });
export type TryAvaRequest = z.input<typeof TryAvaRequestSchema>;

const TryAvaOfferSchema = z.object({
  discountPercent: z.number(),
  discountAmount: MoneySchema,
  /** What the shopper would pay: the pricing rule's total with shipping and tax. */
  total: MoneySchema,
  newItems: z.array(z.object({ name: z.string(), quantity: z.number().int(), price: MoneySchema })),
});

export const TryAvaTurnSchema = z.object({
  message: z.string(),
  reply: z.string(),
  /** What the policy decided (offer, accept-ask, agreed, escalate, awaiting-approval, decline, refused, info, empty-cart), or "completed": the shopper had already agreed, and the reply says so. */
  decision: z.string(),
  /** The offer standing after this turn (what the shopper could accept), if any. */
  offer: TryAvaOfferSchema.nullable(),
  /** An ask this turn would send to the merchant for approval. */
  escalation: z.object({ discountPercent: z.number(), discountAmount: MoneySchema }).nullable(),
});

export const TryAvaResponseSchema = z
  .object({
    cart: z.object({
      items: z.array(
        z.object({
          productId: z.string(),
          name: z.string(),
          quantity: z.number().int(),
          unitPrice: MoneySchema,
        }),
      ),
      subtotal: MoneySchema,
    }),
    tier: LoyaltyTierSchema,
    turns: z.array(TryAvaTurnSchema),
  })
  .meta({ id: "TryAvaResponse" });
export type TryAvaResponse = z.infer<typeof TryAvaResponseSchema>;
export type TryAvaTurn = z.infer<typeof TryAvaTurnSchema>;
