import { type Me, type MeAnswer, MeAnswerSchema } from "@haggle/contract/account";
import { isAdmin } from "../../http/guard.ts";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import { currentUser } from "../../http/session.ts";
import { negotiationOffered } from "../experiments/index.ts";
import { loadProfile, loadRoles } from "./profile.service.ts";

export const meRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/me",
    summary: "The signed-in user, profile and roles; `{user: null}` when signed out",
    tag: "Accounts",
    // Public: a signed-out visitor is an answer, not an error (no 401 in every anonymous page's console).
    access: "public",
    response: MeAnswerSchema,
    handler: async (c): Promise<MeAnswer> => {
      const user = await currentUser(c);
      if (!user) return { user: null };
      const { database, config } = c.get("deps");
      const db = database.db;
      const [profile, admin, negotiation] = await Promise.all([
        loadProfile(db, user),
        isAdmin(c, user),
        negotiationOffered(db, user.id),
      ]);
      const roles = await loadRoles(db, user.id, config.demoMode, admin);
      const me: Me = { user, profile, roles, negotiation };
      return me;
    },
  }),
];
