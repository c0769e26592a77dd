import { z } from "zod";
import { OfferSchema } from "./cart.ts";
import { MoneySchema } from "./money.ts";

export const MAX_MESSAGE_LENGTH = 2000;

export const ChatMessageSchema = z.object({
  role: z.enum(["user", "assistant"], { error: "Each message's role must be user or assistant." }),
  content: z
    .string({ error: "Each message needs text content." })
    .max(MAX_MESSAGE_LENGTH, `A message can be at most ${MAX_MESSAGE_LENGTH} characters.`),
});

/** POST /functions/v1/negotiate-cart. Only the last (user) message is new; the server keeps the history. */
export const NegotiateRequestSchema = z.object({
  negotiationId: z.uuid("negotiationId must be the id of a negotiation."),
  messages: z
    .array(ChatMessageSchema, { error: "messages must be a list of {role, content}." })
    .min(1, "Send at least one message.")
    .max(200, "A conversation can have at most 200 messages.")
    .refine((m) => m.at(-1)?.role === "user", "The last message must be the shopper's.")
    .refine((m) => (m.at(-1)?.content.trim().length ?? 0) > 0, "The message is empty."),
});

export const NegotiationMessageSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  createdAt: z.string(),
});

export const ApprovalStatusSchema = z.enum(["pending", "approved", "rejected"]);

export const NegotiationSchema = z
  .object({
    id: z.string(),
    status: z.enum(["active", "completed"]),
    messages: z.array(NegotiationMessageSchema),
    offer: OfferSchema.nullable(),
    approval: z.object({ id: z.string(), status: ApprovalStatusSchema }).nullable(),
  })
  .meta({ id: "Negotiation" });
export type Negotiation = z.infer<typeof NegotiationSchema>;

export const ApproveNegotiationSchema = z.object({
  approvalId: z.uuid("approvalId must be the id of an approval."),
  approved: z.boolean({ error: "approved must be true or false." }),
  notes: z.string().max(1000, "Notes can be at most 1000 characters.").optional(),
});

export const ApprovalSchema = z
  .object({
    id: z.string(),
    negotiationId: z.string(),
    status: ApprovalStatusSchema,
    requestedDiscountPct: z.number(),
    requestedDiscountAmount: MoneySchema,
    subtotal: MoneySchema,
    escalationReason: z.string(),
    notes: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
    shopper: z.object({
      name: z.string(),
      email: z.string(),
      loyaltyTier: z.string(),
      ordersCount: z.number().int(),
    }),
  })
  .meta({ id: "Approval" });
export type Approval = z.infer<typeof ApprovalSchema>;

// ------------------------------------------------------------- the hidden result block
/** The result Ava's reply carries, hidden from the displayed text (Negotiation result). */
export const NegotiationResultSchema = z.object({
  negotiation_complete: z.boolean(),
  offer_id: z.string().optional(),
  item_adjustments: z.array(z.object({ cart_item_id: z.string(), new_price: MoneySchema })),
  total_discount_percent: z.number(),
  total_discount_amount: MoneySchema,
  new_items: z.array(z.object({ product_id: z.string(), quantity: z.number(), price: MoneySchema })),
  expires_at: z.string().optional(),
});
export type NegotiationResult = z.infer<typeof NegotiationResultSchema>;

const OPEN = "<NEGOTIATION_DATA>";
const CLOSE = "</NEGOTIATION_DATA>";
const BLOCK = /<NEGOTIATION_DATA>([\s\S]*?)<\/NEGOTIATION_DATA>/g;

/** The block as it is stored and streamed: amounts (cents in code) written as dollars. */
export function negotiationDataBlock(result: NegotiationResult): string {
  return `\n${OPEN}${JSON.stringify(z.encode(NegotiationResultSchema, result))}${CLOSE}`;
}

/** The text to show (block removed, also a block still streaming in) and the parsed result, if any. */
export function splitNegotiationData(text: string): { display: string; result: NegotiationResult | null } {
  let result: NegotiationResult | null = null;
  for (const match of text.matchAll(BLOCK)) {
    try {
      const parsed = NegotiationResultSchema.safeParse(JSON.parse(match[1] ?? ""));
      if (parsed.success) result = parsed.data;
    } catch {
      // A block that does not parse is ignored (logged only).
    }
  }
  let display = text.replace(BLOCK, "");
  // While streaming, a block may have begun but not ended: hide it from its first characters on.
  const open = display.indexOf(OPEN);
  if (open >= 0) display = display.slice(0, open);
  for (let n = OPEN.length - 1; n > 0; n--) {
    if (display.endsWith(OPEN.slice(0, n))) {
      display = display.slice(0, -n);
      break;
    }
  }
  return { display: display.trimEnd(), result };
}

// ------------------------------------------------------------- realtime
export const RealtimeEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("approval.created"),
    approvalId: z.string(),
    negotiationId: z.string(),
    requestedDiscountPct: z.number(),
    requestedDiscountAmount: MoneySchema,
    shopperName: z.string(),
  }),
  z.object({
    type: z.literal("approval.decided"),
    approvalId: z.string(),
    negotiationId: z.string(),
    status: ApprovalStatusSchema,
    userId: z.string(),
  }),
  z.object({
    type: z.literal("negotiation.message"),
    negotiationId: z.string(),
    userId: z.string(),
  }),
  /** One of the shopper's orders changed: moved forward by the merchant, paid, or cancelled (payment failed or not made in time). */
  z.object({
    type: z.literal("order.updated"),
    orderId: z.string(),
    status: z.string(),
    userId: z.string(),
  }),
  /** The holdout experiment's figures moved (a visitor with a cart, an order, a start or stop): merchants refresh it. */
  z.object({
    type: z.literal("experiment.updated"),
    experimentId: z.string(),
  }),
]);
export type RealtimeEvent = z.infer<typeof RealtimeEventSchema>;
