import { z } from "zod";

/** The roles an account can hold. */
export const RoleNameSchema = z.enum(["merchant", "admin"]);
export type RoleName = z.infer<typeof RoleNameSchema>;

/** GET /api/shop-mode: whether the shop runs in demo mode (the header's 'Demo shop' badge). */
export const ShopModeSchema = z.object({ demoMode: z.boolean() }).meta({ id: "ShopMode" });
export type ShopMode = z.infer<typeof ShopModeSchema>;

/** POST /api/admin/claim: the one-time setup code from the server's start-up log. */
export const ClaimShopSchema = z.object({
  code: z.string().trim().min(1, "Enter the setup code.").max(64, "That is not a setup code."),
});
export const ClaimResultSchema = z.object({ roles: z.array(RoleNameSchema) });

/** POST /api/admin/roles: give an existing account a role. */
export const GrantRoleSchema = z.object({
  email: z.email("Please enter a valid email address."),
  role: RoleNameSchema,
});
export const GrantRoleResultSchema = z.object({ userId: z.string(), alreadyAssigned: z.boolean() });

export const RoleHolderSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  /** claim (the setup code), admin (granted by an admin) or demo (granted in demo mode). */
  source: z.string(),
  /** False for a demo-mode role outside demo mode: it no longer counts. */
  active: z.boolean(),
  grantedAt: z.string(),
  grantedBy: z.string().nullable(),
});
export type RoleHolder = z.infer<typeof RoleHolderSchema>;

export const RoleAuditEntrySchema = z.object({
  id: z.string(),
  action: z.enum(["grant", "revoke"]),
  role: z.string(),
  userEmail: z.string(),
  /** null: the server itself (demo mode ending). */
  byEmail: z.string().nullable(),
  reason: z.string(),
  at: z.string(),
});
export type RoleAuditEntry = z.infer<typeof RoleAuditEntrySchema>;

/** GET /api/admin/roles: who holds which role, the admins by configuration, the latest changes. */
/**
 * The merchant settings demo mode's visitors had changed, put back when demo mode ended: each
 * section, who had changed it, and whether it went back to the defaults or to what a real
 * merchant or admin had saved.
 */
export const DemoSettingsResetSchema = z
  .object({
    at: z.string(),
    sections: z.array(
      z.object({
        section: z.string(),
        changedBy: z.array(z.string()),
        restoredTo: z.enum(["defaults", "saved"]),
      }),
    ),
  })
  .meta({ id: "DemoSettingsReset" });
export type DemoSettingsReset = z.infer<typeof DemoSettingsResetSchema>;

export const RolesOverviewSchema = z
  .object({
    demoMode: z.boolean(),
    configuredAdmins: z.array(z.string()),
    holders: z.array(RoleHolderSchema),
    audit: z.array(RoleAuditEntrySchema),
    /** The last time demo mode ended and put settings back (null: it never had to). */
    demoSettingsReset: DemoSettingsResetSchema.nullable(),
  })
  .meta({ id: "RolesOverview" });
export type RolesOverview = z.infer<typeof RolesOverviewSchema>;
