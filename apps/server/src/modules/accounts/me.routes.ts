import { type Me, MeSchema } from "@haggle/contract/account";
import { isAdmin } from "../../http/guard.ts";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import { loadProfile, loadRoles } from "./profile.service.ts";

export const meRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/me",
    summary: "The signed-in user, profile and roles",
    tag: "Accounts",
    access: "signed-in",
    response: MeSchema,
    handler: async (c, { user }) => {
      const { database, config } = c.get("deps");
      const db = database.db;
      const [profile, admin] = await Promise.all([loadProfile(db, user), isAdmin(c, user)]);
      const roles = await loadRoles(db, user.id, config.demoMode, admin);
      const me: Me = { user, profile, roles };
      return c.json(me);
    },
  }),
];
