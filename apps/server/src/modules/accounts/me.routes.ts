import type { Me } from "@haggle/contract/account";
import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import { requireUser } from "../../http/session.ts";
import { loadProfile, loadRoles } from "./profile.service.ts";

export function meRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    const who = await requireUser(c);
    const { db } = c.get("deps").database;
    const [profile, roles] = await Promise.all([loadProfile(db, who), loadRoles(db, who.id)]);
    const me: Me = { user: who, profile, roles };
    return c.json(me);
  });
  return app;
}
