import { CartSchema } from "@haggle/contract/cart";
import {
  ApprovalSchema,
  ApprovalStatusSchema,
  ApproveNegotiationSchema,
  NegotiateRequestSchema,
  NegotiationSchema,
} from "@haggle/contract/negotiation";
import { TryAvaRequestSchema, TryAvaResponseSchema } from "@haggle/contract/try-ava";
import { notFound } from "@haggle/domain/errors";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { perCallerAndAddress } from "../../http/rate-limit-guard.ts";
import { type ApiRoute, defineRoute, pathId } from "../../http/route.ts";
import { writeDone, writeText } from "../../http/sse.ts";
import { approvalDto, listApprovals } from "./approvals.service.ts";
import {
  acceptOffer,
  currentNegotiation,
  decideApproval,
  getNegotiation,
  negotiateTurn,
  startNegotiation,
} from "./negotiation.service.ts";
import { tryAva } from "./try-ava.service.ts";

const NegotiationParams = z.object({ id: pathId("No negotiation has that id.") });

const StartNegotiationSchema = z.object({
  restart: z.boolean({ error: "restart must be true or false." }).optional(),
});

const ApprovalQuerySchema = z.object({
  status: z
    .enum(ApprovalStatusSchema.options, { error: "status must be pending, approved or rejected." })
    .optional(),
});

/** The shopper's negotiations with Ava, and the merchant's side of escalated asks. */
/** Each turn may cost an LLM call: limited per shopper and per address. */
const turnRateLimit = perCallerAndAddress("negotiation-turn", (config) => ({
  perCaller: config.negotiationRateLimit.perShopper,
  perIp: config.negotiationRateLimit.perIp,
}));

export const negotiationRoutes: ApiRoute[] = [
  defineRoute({
    method: "post",
    path: "/api/negotiations",
    summary:
      "The active cart's negotiation, called on the shopper's first message: the active one while it can be resumed (200), else a new one (201); {restart: true} closes the active one and starts anew",
    tag: "Negotiation",
    access: "signed-in",
    body: StartNegotiationSchema,
    status: 201,
    response: z.object({ id: z.string() }),
    failure: { code: "NEGOTIATION_INIT_FAILED", message: "Failed to initialize negotiation" },
    handler: async (c, { user, body }) => {
      const { id, created } = await startNegotiation(c.get("deps").database.db, user, body);
      return c.json({ id }, created ? 201 : 200);
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/negotiations/current",
    summary:
      "What the negotiation page resumes, creating nothing: the negotiation applied to the active cart, else its active one unless its offer lapsed; id null when there is none",
    tag: "Negotiation",
    access: "signed-in",
    response: z.object({ id: z.string().nullable() }),
    handler: async (c, { user }) => await currentNegotiation(c.get("deps").database.db, user),
  }),
  defineRoute({
    method: "get",
    path: "/api/negotiations/{id}",
    summary: "A negotiation: messages, the standing offer, the approval",
    tag: "Negotiation",
    access: "owner",
    params: NegotiationParams,
    response: NegotiationSchema,
    handler: async (c, { user, params }) => await getNegotiation(c.get("deps").database.db, user, params.id),
  }),
  defineRoute({
    method: "post",
    path: "/api/negotiations/{id}/accept",
    summary:
      "Apply the standing offer to the cart (server-written price snapshots and order discount); 409 without one",
    tag: "Negotiation",
    access: "owner",
    params: NegotiationParams,
    response: CartSchema,
    failure: { code: "APPLY_FAILED", message: "Failed to apply negotiation" },
    handler: async (c, { user, params }) => await acceptOffer(c.get("deps").database.db, user, params.id),
  }),
  defineRoute({
    method: "post",
    path: "/functions/v1/negotiate-cart",
    summary:
      "One negotiation turn. Server-sent events: data: {choices:[{delta:{content}}]} lines, then data: [DONE]; the text may end with a <NEGOTIATION_DATA>{json}</NEGOTIATION_DATA> block",
    tag: "Negotiation",
    access: "owner",
    before: turnRateLimit,
    body: NegotiateRequestSchema,
    produces: "text/event-stream",
    failure: { code: "NEGOTIATOR_FAILED", message: "Failed to get response from AI negotiator" },
    handler: async (c, { user, body }) => {
      const deps = c.get("deps");
      const message = body.messages.at(-1)?.content.trim() ?? "";
      const turnDeps = { db: deps.database.db, ai: deps.ai, logger: c.get("log") };
      const outcome = await negotiateTurn(turnDeps, user, body.negotiationId, message);
      c.header("X-Negotiation-Voice", outcome.reply.voice);
      return streamSSE(c, async (stream) => {
        await writeText(stream, outcome.content, deps.config.streamWordDelayMs);
        await writeDone(stream);
      });
    },
  }),
  defineRoute({
    method: "get",
    path: "/api/merchant/approvals",
    summary: "Approvals, newest first (?status=pending|approved|rejected)",
    tag: "Merchant",
    access: "merchant",
    query: ApprovalQuerySchema,
    response: z.array(ApprovalSchema),
    handler: async (c, { query }) => await listApprovals(c.get("deps").database.db, query.status),
  }),
  defineRoute({
    method: "post",
    path: "/functions/v1/approve-negotiation",
    summary: "Approve or reject an escalated ask",
    tag: "Merchant",
    access: "merchant",
    body: ApproveNegotiationSchema,
    response: z.object({ approval: ApprovalSchema }),
    failure: { code: "APPROVAL_FAILED", message: "Failed to process approval" },
    handler: async (c, { user, body }) => {
      const { db } = c.get("deps").database;
      const approval = await decideApproval(db, c.get("log"), user, body);
      const decided = await approvalDto(db, approval.id);
      if (!decided) throw notFound("No approval has that id.");
      return { approval: decided };
    },
  }),
  defineRoute({
    method: "post",
    path: "/api/merchant/try-ava",
    summary:
      "Try Ava as a shopper against settings not yet saved: each section sent is checked as saving it would be (schema, and the escalation ceiling not below the automatic limits: 400), the rest are the saved ones; the shopper's messages are replayed on a sample cart (or the one sent) and Ava's replies and offers come back. Nothing is stored",
    tag: "Merchant",
    access: "merchant",
    body: TryAvaRequestSchema,
    response: TryAvaResponseSchema,
    handler: async (c, { body }) => await tryAva(c.get("deps").database.db, body),
  }),
];
