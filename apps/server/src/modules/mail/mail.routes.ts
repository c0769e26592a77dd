import { OutboxListSchema, OutboxQuerySchema } from "@haggle/contract/mail";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import { listOutbox } from "./outbox.service.ts";

/** The merchant's outbox: the e-mails the shop sent, is sending, or kept (no SMTP_URL). */
export const mailRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/merchant/outbox",
    summary: "Every e-mail the shop wrote, newest first, with its status (?page=&pageSize=)",
    tag: "Merchant",
    access: "merchant",
    query: OutboxQuerySchema,
    response: OutboxListSchema,
    handler: async (c, { query }) => {
      const { database, mail } = c.get("deps");
      return await listOutbox(database.db, mail, query);
    },
  }),
];
