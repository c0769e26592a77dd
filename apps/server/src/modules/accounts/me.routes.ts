import { type Me, MeSchema } from "@haggle/contract/account";
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
      const { db } = c.get("deps").database;
      const [profile, roles] = await Promise.all([loadProfile(db, user), loadRoles(db, user.id)]);
      const me: Me = { user, profile, roles };
      return me;
    },
  }),
];
