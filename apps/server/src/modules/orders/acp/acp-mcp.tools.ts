import { conflict } from "@haggle/domain/errors";
import { z } from "zod";
import {
  type AgentShopper,
  type AgentTool,
  defineTool,
  shopperOf,
  type ToolDeps,
} from "../../../platform/agent-tools/agent-tool.ts";
import { acpErrorOf } from "./acp.routes.ts";
import {
  type AcpDeps,
  type AcpSessionState,
  cancelAcpSession,
  changeAcpSession,
  completeAcpSession,
  createAcpSession,
  getAcpSession,
} from "./acp-sessions.service.ts";
import { claimIdempotencyKey, recordIdempotentAnswer, releaseIdempotencyKey } from "./acp-sessions.store.ts";
import { requestFingerprint } from "./acp-signature.ts";
import {
  type AcpInputs,
  type AcpOperation,
  type AcpVersion,
  acpVersionOf,
  inVersionWords,
} from "./acp-versions.ts";

/*
 * ACP's MCP binding (docs/mcp-binding.md of the spec, 2026-04-17): the five checkout operations
 * as MCP tools, each called with `meta` (the REST headers: api_version, idempotency_key, …),
 * `id` (the session) and `payload` (the REST body, read by the same version adapter). The answer
 * is the session as REST answers it; a refusal is a JSON-RPC error -32000 with ACP's error object
 * in `data`. Authentication is the MCP connection's (the shopper's key or OAuth token), so no
 * request signature is asked for here.
 */

const ABANDONED_CLAIM_MS = 120_000;

const Meta = z
  .object({
    api_version: z
      .string({ error: "meta.api_version is required (2025-09-29 or 2026-04-17)." })
      .max(40)
      .meta({ description: "The ACP version (the API-Version header): 2025-09-29 or 2026-04-17" }),
    idempotency_key: z
      .string()
      .max(255, "meta.idempotency_key can be at most 255 characters.")
      .optional()
      .meta({ description: "The Idempotency-Key header: the same key and request answer the same session" }),
    request_id: z.string().max(200).optional().meta({ description: "The Request-Id header (correlation)" }),
  })
  .loose()
  .meta({ description: "The REST headers: api_version (required), idempotency_key, request_id, …" });
const SessionId = z
  .string()
  .min(1, "id is required.")
  .max(200)
  .meta({ description: "The checkout session's id" });
const Payload = z.object({}).loose().meta({ description: "The REST request body of the operation" });
const Session = z
  .object({ id: z.string(), status: z.string() })
  .loose()
  .meta({ description: "The checkout session, as the REST binding answers it in meta.api_version" });

function acpDepsOf(deps: ToolDeps): AcpDeps {
  return {
    db: deps.db,
    payments: deps.payments,
    mail: deps.mail,
    appliedOfferTtlMinutes: deps.appliedOfferTtlMinutes,
    publicUrl: deps.publicUrl,
    webhooks: deps.acpWebhooks,
  };
}

/** ACP's error as the binding's JSON-RPC error: -32000, its message, the error object as data. */
function protocolError(error: unknown) {
  const { body } = acpErrorOf(error);
  return { code: -32000, message: body.message, data: body };
}

type Run<O extends AcpOperation> = (
  deps: AcpDeps,
  who: AgentShopper,
  id: string,
  input: AcpInputs[O],
) => Promise<AcpSessionState>;

interface Call {
  meta: z.output<typeof Meta>;
  id?: string | undefined;
  payload?: Record<string, unknown> | undefined;
}

/** One operation: the version from meta, the payload read by it, the Idempotency-Key's replay as over REST. */
async function operate<O extends AcpOperation>(
  deps: ToolDeps,
  shopper: AgentShopper | null,
  operation: O,
  call: Call,
  run: Run<O>,
): Promise<z.output<typeof Session>> {
  const who = shopperOf(shopper);
  const version: AcpVersion = acpVersionOf(call.meta.api_version);
  const raw = JSON.stringify(call.payload ?? {});
  const key = operation === "get" ? undefined : call.meta.idempotency_key;
  if (key) {
    const fingerprint = requestFingerprint(
      "MCP",
      `${operation}_checkout_session ${version.version} ${call.id ?? ""}`,
      call.payload ?? {},
    );
    const claim = await claimIdempotencyKey(deps.db, who.id, key, fingerprint, ABANDONED_CLAIM_MS);
    if (claim.state === "replay") return JSON.parse(claim.body) as z.output<typeof Session>;
    if (claim.state === "conflict")
      throw conflict(
        "Idempotency-Key has already been used with a different request.",
        "IDEMPOTENCY_CONFLICT",
      );
    if (claim.state === "in_flight")
      throw conflict(
        "A request with this Idempotency-Key is currently being processed.",
        "IDEMPOTENCY_IN_FLIGHT",
      );
  }
  try {
    const input = version.read[operation](raw);
    const state = await run(acpDepsOf(deps), who, call.id ?? "", input).catch((error: unknown) => {
      throw inVersionWords(error, version);
    });
    const answer = version.answer(state) as z.output<typeof Session>;
    if (key) await recordIdempotentAnswer(deps.db, who.id, key, 200, JSON.stringify(answer));
    return answer;
  } catch (error) {
    if (key) await releaseIdempotencyKey(deps.db, who.id, key);
    throw error;
  }
}

function acpTool<O extends AcpOperation>(
  operation: O,
  name: string,
  description: string,
  shape: { id: boolean; payload: "required" | "optional" | "none" },
  run: Run<O>,
): AgentTool {
  const input = z.object({
    meta: Meta,
    ...(shape.id ? { id: SessionId } : {}),
    ...(shape.payload === "required" ? { payload: Payload } : {}),
    ...(shape.payload === "optional" ? { payload: Payload.optional() } : {}),
  });
  return defineTool({
    name,
    title: name.replaceAll("_", " "),
    description: `${description} ACP's MCP binding: meta.api_version is 2025-09-29 or 2026-04-17; the answer is the checkout session as the ACP REST API answers it.`,
    access: "shopper",
    readOnly: operation === "get",
    input,
    output: Session,
    protocolError,
    handler: async (deps, shopper, args) => {
      const call = args as Call;
      const value = await operate(deps, shopper, operation, call, run);
      return { value, summary: `ACP ${operation} ${value.id} ${value.status}` };
    },
  });
}

/** The five checkout tools of ACP's MCP binding. */
export const acpMcpTools: AgentTool[] = [
  acpTool(
    "create",
    "create_checkout_session",
    "Create an ACP checkout session: the shopper's cart made to hold payload.line_items.",
    { id: false, payload: "required" },
    (deps, who, _id, body) => createAcpSession(deps, who, body),
  ),
  acpTool(
    "get",
    "get_checkout_session",
    "An ACP checkout session's authoritative state.",
    { id: true, payload: "none" },
    (deps, who, id) => getAcpSession(deps, who, id),
  ),
  acpTool(
    "update",
    "update_checkout_session",
    "Update an ACP checkout session: items, buyer, fulfillment details and option, discount codes.",
    { id: true, payload: "required" },
    (deps, who, id, body) => changeAcpSession(deps, who, id, body),
  ),
  acpTool(
    "complete",
    "complete_checkout_session",
    "Complete an ACP checkout session: the order is placed.",
    { id: true, payload: "required" },
    (deps, who, id, body) => completeAcpSession(deps, who, id, body),
  ),
  acpTool(
    "cancel",
    "cancel_checkout_session",
    "Cancel an ACP checkout session.",
    { id: true, payload: "optional" },
    (deps, who, id) => cancelAcpSession(deps, who, id),
  ),
];
