import {
  ClaimResultSchema,
  ClaimShopSchema,
  GrantRoleResultSchema,
  GrantRoleSchema,
  RoleNameSchema,
  RolesOverviewSchema,
  ShopModeSchema,
} from "@haggle/contract/admin";
import { limitReached } from "@haggle/domain/errors";
import { z } from "zod";
import { clientIp } from "../../http/client-ip.ts";
import type { AppContext } from "../../http/context.ts";
import { type ApiRoute, defineRoute, pathParam } from "../../http/route.ts";
import { hitRateLimit } from "../../platform/rate-limit.ts";
import { claimShop, grantRoleByEmail, revokeRoleOf, rolesOverview } from "./roles.service.ts";

const policyOf = (c: AppContext) => c.get("deps").config;

/** Guessing the setup code is slow: a few tries per address per sign-in window. */
async function claimRateLimit(c: AppContext) {
  const { database, config } = c.get("deps");
  const window = config.authRateLimit.windowSeconds;
  const hit = await hitRateLimit(database.db, `claim:ip:${clientIp(c)}`, 10, window);
  if (!hit.allowed) {
    c.header("Retry-After", String(hit.retryAfterSeconds));
    throw limitReached("Too many setup code attempts. Please wait a minute and try again.");
  }
}

/** Claiming the shop, and the admin's management of roles (each change audited). */
export const roleRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/shop-mode",
    summary: "Whether the shop runs in demo mode (anyone signed in may use /admin)",
    tag: "Admin",
    access: "public",
    response: ShopModeSchema,
    handler: (c) => c.json({ demoMode: policyOf(c).demoMode }),
  }),
  defineRoute({
    method: "post",
    path: "/api/admin/claim",
    summary:
      "Claim the shop with the one-time setup code from the start-up log: the caller becomes admin and merchant; the code stops working",
    tag: "Admin",
    access: "signed-in",
    before: claimRateLimit,
    body: ClaimShopSchema,
    response: ClaimResultSchema,
    handler: async (c, { user, body }) => {
      const roles = await claimShop(c.get("deps").database.db, policyOf(c), user, body.code);
      return c.json({ roles });
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/admin/roles",
    summary: "Who holds the merchant and admin roles, the admins by configuration, and the audit of changes",
    tag: "Admin",
    access: "admin",
    response: RolesOverviewSchema,
    handler: async (c) => c.json(await rolesOverview(c.get("deps").database.db, policyOf(c))),
  }),
  defineRoute({
    method: "post",
    path: "/api/admin/roles",
    summary: "Grant an existing account (by e-mail) the merchant or admin role (audited)",
    tag: "Admin",
    access: "admin",
    body: GrantRoleSchema,
    response: GrantRoleResultSchema,
    handler: async (c, { user, body }) => {
      const db = c.get("deps").database.db;
      const { userId, granted } = await grantRoleByEmail(db, policyOf(c), user, body.email, body.role);
      return c.json({ userId, alreadyAssigned: !granted }, granted ? 201 : 200);
    },
  }),
  defineRoute({
    method: "delete",
    path: "/api/admin/roles/{userId}/{role}",
    summary: "Revoke a role (audited); an admin cannot remove their own admin role",
    tag: "Admin",
    access: "admin",
    params: z.object({
      userId: pathParam((v) => v.length > 0 && v.length <= 64, "That account does not hold that role."),
      role: pathParam((v) => RoleNameSchema.safeParse(v).success, "That account does not hold that role."),
    }),
    response: z.object({ revoked: z.literal(true) }),
    handler: async (c, { user, params }) => {
      await revokeRoleOf(c.get("deps").database.db, user, params.userId, RoleNameSchema.parse(params.role));
      return c.json({ revoked: true as const });
    },
  }),
];
