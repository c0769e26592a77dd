import { LOYALTY_TIERS } from "@haggle/domain/negotiation/loyalty-tiers";
import { isCommonPassword } from "@haggle/domain/text/common-passwords";
import { z } from "zod";
import { MoneySchema } from "./money.ts";

export const LoyaltyTierSchema = z.enum(LOYALTY_TIERS);
export type LoyaltyTier = z.infer<typeof LoyaltyTierSchema>;

export const ProfileSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    loyaltyTier: LoyaltyTierSchema,
    ordersCount: z.number().int(),
    lifetimeValue: MoneySchema,
    totalSavings: MoneySchema,
  })
  .meta({ id: "Profile" });
export type Profile = z.infer<typeof ProfileSchema>;

export const MeSchema = z
  .object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      /** Whether the address is verified; shoppers may shop without, ADMIN_EMAILS admins may not. */
      emailVerified: z.boolean(),
    }),
    profile: ProfileSchema,
    roles: z.array(z.enum(["merchant", "admin"])),
    /**
     * Whether Ava negotiates with this shopper: false while the merchant's holdout experiment
     * holds the account out (the negotiate buttons are then not shown). Absent means true.
     */
    negotiation: z.boolean().optional(),
  })
  .meta({ id: "Me" });
export type Me = z.infer<typeof MeSchema>;

/** GET /api/me: the signed-in user, or `{user: null}` when signed out (an answer, not an error). */
export const MeAnswerSchema = z
  .union([MeSchema, z.object({ user: z.null() }).meta({ id: "SignedOut" })])
  .meta({ id: "MeAnswer" });
export type MeAnswer = z.infer<typeof MeAnswerSchema>;

export const PASSWORD_MIN = 6;

/** The /auth form, checked in the browser and again by the server. */
export const SignInSchema = z.object({
  // An empty field is missing, not malformed: say so.
  email: z.email({
    error: (issue) => (issue.input === "" ? "Email is required." : "Please enter a valid email address."),
  }),
  password: z.string().min(PASSWORD_MIN, {
    error: (issue) =>
      issue.input === "" ? "Password is required." : `Password must be at least ${PASSWORD_MIN} characters.`,
  }),
});
export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose another.";

export const SignUpSchema = SignInSchema.extend({
  password: SignInSchema.shape.password.refine((p) => !isCommonPassword(p), COMMON_PASSWORD_MESSAGE),
  name: z
    .string()
    .trim()
    .min(1, "Full name is required.")
    .max(120, "Full name must be at most 120 characters."),
});

/** 'Forgot password?': the address to send the reset link to. */
export const RequestPasswordResetSchema = z.object({ email: SignInSchema.shape.email });

/** The reset page: the token from the link and the new password, held to the sign-up rules. */
const RESET_LINK_INCOMPLETE =
  "This password reset link is incomplete. Please open the link from the e-mail again.";

export const ResetPasswordSchema = z.object({
  token: z.string({ error: RESET_LINK_INCOMPLETE }).trim().min(1, RESET_LINK_INCOMPLETE),
  newPassword: SignUpSchema.shape.password,
});

/**
 * What a password reset and "sign out everywhere" answer: every session ended and every API key
 * of the account revoked with them, said in a sentence for the page.
 */
export const AccessEndedSchema = z.object({
  status: z.literal(true),
  apiKeysRevoked: z.number().int().min(0),
  message: z.string(),
});
export type AccessEnded = z.infer<typeof AccessEndedSchema>;

/** 'Resend verification e-mail': the signed-in account's own address. */
export const SendVerificationEmailSchema = z.object({ email: SignInSchema.shape.email });

/** What a reset request answers, whether or not the address has an account. */
export const PASSWORD_RESET_REQUESTED =
  "If this email exists in our system, check your email for the reset link";

export const HealthSchema = z.object({
  ok: z.boolean(),
  db: z.enum(["embedded", "postgres"]),
  /** Which server process answered (1..WORKERS), when the server runs several (WORKERS > 1). */
  worker: z.number().int().optional(),
});

/** GET /readyz: whether this server process should be sent traffic, and why not. */
export const ReadinessSchema = z.object({
  ready: z.boolean(),
  /** Why not: draining (shutting down), database-unreachable or migrations-pending. */
  reason: z.enum(["draining", "database-unreachable", "migrations-pending"]).optional(),
  message: z.string().optional(),
  worker: z.number().int().optional(),
});
