import {
  ClaimResultSchema,
  GrantRoleResultSchema,
  type RoleName,
  type RolesOverview,
  RolesOverviewSchema,
} from "@haggle/contract/admin";
import { z } from "zod";
import { apiFetch } from "@/lib/api-client";

const AdminStatusSchema = z.object({
  products: z.number().int().nonnegative(),
  missingEmbeddings: z.number().int().nonnegative(),
  merchant: z.boolean(),
});
export type AdminStatus = z.infer<typeof AdminStatusSchema>;

const SeedResultSchema = z.object({
  message: z.string(),
  productsCreated: z.number(),
  productsTotal: z.number(),
  // How many seller-configuration rows this run created (0 when already seeded).
  configCreated: z.number(),
});
export type SeedResult = z.infer<typeof SeedResultSchema>;

const AssignMerchantResultSchema = z.object({ alreadyAssigned: z.boolean() });
export type AssignMerchantResult = z.infer<typeof AssignMerchantResultSchema>;

const EmbeddingsResultSchema = z.object({
  message: z.string(),
  embedded: z.number(),
  missing: z.number(),
});
export type EmbeddingsResult = z.infer<typeof EmbeddingsResultSchema>;

export const adminStatusQueryKey = ["admin", "status"] as const;

/** GET /api/admin/status: 401 signed out, 403 when the account is not one of the shop's admins. */
export function fetchAdminStatus(): Promise<AdminStatus> {
  return apiFetch("/api/admin/status", { schema: AdminStatusSchema });
}

/** Idempotent: a second run creates nothing and says so in its message. */
export function seedDatabase(): Promise<SeedResult> {
  return apiFetch("/functions/v1/seed-data", { method: "POST", body: {}, schema: SeedResultSchema });
}

export function assignMerchantRole(): Promise<AssignMerchantResult> {
  return apiFetch("/functions/v1/assign-merchant-role", {
    method: "POST",
    body: {},
    schema: AssignMerchantResultSchema,
  });
}

/** Embeds only the products that lack an embedding for the current model. */
export function initializeEmbeddings(): Promise<EmbeddingsResult> {
  return apiFetch("/functions/v1/generate-product-embeddings", {
    method: "POST",
    body: {},
    schema: EmbeddingsResultSchema,
  });
}

export const rolesQueryKey = ["admin", "roles"] as const;

/** POST /api/admin/claim: 403 with the server's sentence when the code is wrong or used. */
export function claimShop(code: string): Promise<{ roles: string[] }> {
  return apiFetch("/api/admin/claim", { method: "POST", body: { code }, schema: ClaimResultSchema });
}

export function fetchRoles(): Promise<RolesOverview> {
  return apiFetch("/api/admin/roles", { schema: RolesOverviewSchema });
}

export function grantRole(email: string, role: RoleName) {
  return apiFetch("/api/admin/roles", {
    method: "POST",
    body: { email, role },
    schema: GrantRoleResultSchema,
  });
}

export function revokeRole(userId: string, role: string): Promise<unknown> {
  return apiFetch(`/api/admin/roles/${encodeURIComponent(userId)}/${encodeURIComponent(role)}`, {
    method: "DELETE",
  });
}
