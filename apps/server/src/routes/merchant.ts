import { ApprovalStatusSchema } from "@haggle/contract/negotiation";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../http/context.ts";
import { requireMerchant } from "../http/merchant.ts";
import { parseQuery } from "../lib/validate.ts";
import { listApprovals } from "../services/approvals.ts";

const ApprovalQuerySchema = z.object({
  status: z.enum(ApprovalStatusSchema.options, { error: "status must be pending, approved or rejected." }).optional(),
});

export function merchantRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/approvals", async (c) => {
    await requireMerchant(c);
    const { status } = parseQuery(c, ApprovalQuerySchema);
    return c.json(await listApprovals(c.get("deps").database.db, status));
  });
  return app;
}
