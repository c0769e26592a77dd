import {
  type AcpError,
  AcpCheckoutSessionSchema,
  AcpCompleteSessionSchema,
  AcpCreateSessionSchema,
  AcpErrorSchema,
  AcpUpdateSessionSchema,
} from "@haggle/contract/acp";
import {
  Acp2026CheckoutSessionSchema,
  Acp2026CompleteSessionSchema,
  Acp2026CreateSessionSchema,
  Acp2026UpdateSessionSchema,
} from "@haggle/contract/acp-2026";
import {
  conflict,
  DomainError,
  type DomainErrorKind,
  invalid,
  limitReached,
  notFound,
} from "@haggle/domain/errors";
import { z } from "zod";
import type { AppContext } from "../../../http/context.ts";
import { refusalIn } from "../../../http/error-table.ts";
import { type ApiKeyCaller, type ApiRoute, defineRoute } from "../../../http/route.ts";
import { hitRateLimit } from "../../../platform/rate-limit.ts";
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
import { acpDiscoveryRoute } from "./acp-discovery.routes.ts";
import { requestFingerprint, verifyRequestSignature } from "./acp-signature.ts";
import {
  ACP_SUPPORTED_VERSIONS,
  ACP_VERSIONS,
  type AcpInputs,
  type AcpOperation,
  type AcpVersion,
  acpVersionOf,
  inVersionWords,
} from "./acp-versions.ts";

/*
 * The Agentic Commerce Protocol's checkout (docs/decisions/0013-acp.md), declared like every
 * route (access `api-key`: the guard checks the shopper's key) but answering as the spec fixes:
 * the flat `{type, code, message, param}` error, `API-Version`, `Idempotency-Key` replays,
 * `Signature`/`Timestamp`. After the gate each request passes one pipeline: rate, version,
 * signature, idempotency, JSON body, service, answer. The services throw domain errors; the
 * table below alone turns them into ACP's status and error.
 */

/** An unanswered Idempotency-Key older than this belongs to a request that died: it is taken over. */
const ABANDONED_CLAIM_MS = 120_000;
const MAX_IDEMPOTENCY_KEY = 255;

const ACP_HEADERS = z.object({
  "api-version": z.string().meta({
    description: `The ACP version: ${ACP_SUPPORTED_VERSIONS.join(" or ")} (each answers in its own shape)`,
  }),
  "idempotency-key": z.string().optional().meta({ description: "Required on every POST" }),
  signature: z.string().optional().meta({
    description: "base64url HMAC-SHA256 of '<Timestamp>.<METHOD> <path>.<raw body>' (ACP_SIGNING_SECRET)",
  }),
  timestamp: z
    .string()
    .optional()
    .meta({ description: "RFC 3339; refused when older or newer than ACP_SIGNATURE_MAX_AGE_SECONDS" }),
  "request-id": z.string().optional(),
});
const SESSION_ID = z.object({ checkout_session_id: z.string() });

type AcpStatus = 400 | 401 | 404 | 405 | 409 | 422 | 429 | 500;

/**
 * The one table from a domain error to ACP's status. The spec has no 402 or 403: a refusal of
 * those kinds is a 400 of the request.
 */
const ACP_STATUS_OF_KIND: Record<DomainErrorKind, AcpStatus> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 400,
  "not-found": 404,
  conflict: 409,
  limit: 429,
  unavailable: 400,
  failed: 500,
};

/** Codes whose status the spec fixes apart from their kind: a session that can no longer change is 405. */
const ACP_STATUS_OF_CODE: Readonly<Record<string, AcpStatus>> = {
  SESSION_COMPLETED: 405,
  SESSION_CANCELED: 405,
};

const INTERNAL: AcpError = {
  type: "processing_error",
  code: "internal",
  message: "Something went wrong on our side. Please try again.",
};

/** Codes that refuse the API-Version itself: their answer lists the versions the shop speaks (the spec). */
const VERSION_CODES = new Set(["MISSING_API_VERSION", "UNSUPPORTED_API_VERSION"]);

/**
 * Any error below an ACP route as the spec's error: a domain error keeps its sentence, its code
 * (in ACP's lower case) and its field as `param`; anything unexpected is a 500 without details.
 */
export function acpErrorOf(
  error: unknown,
  version?: AcpVersion,
): {
  status: number;
  body: AcpError & { supported_versions?: string[] };
  headers: Record<string, string>;
} {
  const refusal = refusalIn(error);
  if (refusal)
    return {
      status: refusal.status,
      body: { type: "invalid_request", code: refusal.code.toLowerCase(), message: refusal.message },
      headers: refusal.headers,
    };
  if (!(error instanceof DomainError)) return { status: 500, body: INTERNAL, headers: {} };
  const status =
    version?.statusOf(error.code) ?? ACP_STATUS_OF_CODE[error.code] ?? ACP_STATUS_OF_KIND[error.kind];
  return {
    status,
    body: {
      type: status >= 500 ? "processing_error" : "invalid_request",
      code: error.code.toLowerCase(),
      message: error.message,
      ...(error.field ? { param: error.field } : {}),
      ...(VERSION_CODES.has(error.code) ? { supported_versions: [...ACP_SUPPORTED_VERSIONS] } : {}),
    },
    headers: {},
  };
}

/** What an ACP session's steps need from the running shop (the UCP checkout runs them too). */
export function acpDeps(c: AppContext): AcpDeps {
  const { database, payments, mail, config } = c.get("deps");
  return {
    db: database.db,
    payments,
    mail,
    appliedOfferTtlMinutes: config.appliedOfferTtlMinutes,
    publicUrl: config.publicUrl,
    webhooks: config.acp.webhooks,
  };
}

function answer(c: AppContext, status: number, body: string, extra: Record<string, string> = {}): Response {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Cache-Control": "private, no-store",
    ...extra,
  };
  const key = c.req.header("idempotency-key");
  if (key && c.req.method === "POST") headers["Idempotency-Key"] = key;
  const requestId = c.req.header("request-id");
  if (requestId && requestId.length <= 200) headers["Request-Id"] = requestId;
  return new Response(body, { status, headers });
}

/** An error as ACP's answer (a 500 is logged with its cause). */
function errorAnswer(
  c: AppContext,
  error: unknown,
  extra: Record<string, string> = {},
  version?: AcpVersion,
): Response {
  const failure = acpErrorOf(error, version);
  if (failure.status >= 500) c.get("log").error({ err: error }, "ACP request failed");
  return answer(c, failure.status, JSON.stringify(failure.body), { ...failure.headers, ...extra });
}

/** The key's call rate (ACP_RATE_LIMIT_PER_KEY_PER_MINUTE, counted in the database for every process). */
async function rateRefusal(c: AppContext, who: ApiKeyCaller): Promise<Response | null> {
  const { database, config } = c.get("deps");
  const rate = await hitRateLimit(database.db, `acp:key:${who.keyId}`, config.acp.ratePerKeyPerMinute, 60);
  if (rate.allowed) return null;
  return errorAnswer(
    c,
    limitReached(
      `Too many requests with this API key. Wait ${rate.retryAfterSeconds} seconds and try again.`,
      "RATE_LIMITED",
    ),
    { "Retry-After": String(Math.max(1, Math.ceil(rate.retryAfterSeconds))) },
  );
}

type Handler<B> = (deps: AcpDeps, who: ApiKeyCaller, id: string, body: B) => Promise<AcpSessionState>;

/**
 * One ACP endpoint, behind the guard's key check: the key's rate, API-Version, the signature
 * (when ACP_SIGNING_SECRET is set), the Idempotency-Key (every POST: the same key and request
 * answer the stored answer; the same key with another request is 409), the body, the service.
 */
function pipeline<O extends AcpOperation>(operation: O, status: number, run: Handler<AcpInputs[O]>) {
  return async (c: AppContext, who: ApiKeyCaller): Promise<Response> => {
    const { config, database } = c.get("deps");
    let claimed: { userId: string; key: string } | null = null;
    let version: AcpVersion | undefined;
    try {
      const limited = await rateRefusal(c, who);
      if (limited) return limited;
      version = acpVersionOf(c.req.header("api-version"));
      const raw = c.req.method === "GET" ? "" : await c.req.text();
      if (config.acp.signingSecret)
        verifyRequestSignature(
          config.acp.signingSecret,
          { signature: c.req.header("signature"), timestamp: c.req.header("timestamp") },
          { method: c.req.method, path: c.req.path, body: raw },
          new Date(),
          config.acp.signatureMaxAgeSeconds,
        );
      if (c.req.method === "POST") {
        const key = c.req.header("idempotency-key");
        if (!key)
          throw invalid(
            "Idempotency-Key header is required on all POST requests.",
            "IDEMPOTENCY_KEY_REQUIRED",
          );
        if (key.length > MAX_IDEMPOTENCY_KEY)
          throw invalid(
            `Idempotency-Key can be at most ${MAX_IDEMPOTENCY_KEY} characters.`,
            "INVALID_IDEMPOTENCY_KEY",
          );
        let fingerprintBody: unknown = raw;
        try {
          fingerprintBody = raw.trim() === "" ? {} : JSON.parse(raw);
        } catch {
          // Not JSON: compared as the text it is (and refused below).
        }
        const claim = await claimIdempotencyKey(
          database.db,
          who.id,
          key,
          // The version is part of the request: a retry in another version is another request.
          requestFingerprint(
            c.req.method,
            version === ACP_VERSIONS[0] ? c.req.path : `${version.version} ${c.req.path}`,
            fingerprintBody,
          ),
          ABANDONED_CLAIM_MS,
        );
        if (claim.state === "replay")
          return answer(c, claim.status, claim.body, { "Idempotent-Replayed": "true" });
        if (claim.state === "conflict")
          throw conflict(
            "Idempotency-Key has already been used with a different request.",
            "IDEMPOTENCY_CONFLICT",
          );
        if (claim.state === "in_flight")
          return errorAnswer(
            c,
            conflict(
              "A request with this Idempotency-Key is currently being processed.",
              "IDEMPOTENCY_IN_FLIGHT",
            ),
            { "Retry-After": "1" },
          );
        claimed = { userId: who.id, key };
      }
      const body = version.read[operation](raw) as AcpInputs[O];
      const session = await run(acpDeps(c), who, c.req.param("checkout_session_id") ?? "", body).catch(
        (error: unknown) => {
          throw inVersionWords(error, version!);
        },
      );
      const text = JSON.stringify(version.answer(session));
      if (claimed) await recordIdempotentAnswer(database.db, claimed.userId, claimed.key, status, text);
      return answer(c, status, text);
    } catch (error) {
      if (claimed) {
        // A 4xx is the answer to this request (a retry gets it again); a 5xx is not kept (the spec).
        const failure = acpErrorOf(error, version);
        if (failure.status < 500)
          await recordIdempotentAnswer(
            database.db,
            claimed.userId,
            claimed.key,
            failure.status,
            JSON.stringify(failure.body),
          );
        else await releaseIdempotencyKey(database.db, claimed.userId, claimed.key);
      }
      return errorAnswer(c, error, {}, version);
    }
  };
}

/** One ACP route: access `api-key`, the spec's headers, its answer and error documented (both versions). */
function acpRoute<O extends AcpOperation>(
  operation: O,
  method: "get" | "post",
  path: string,
  summary: string,
  declared: { body?: [z.ZodType, z.ZodType]; params?: typeof SESSION_ID; status?: number },
  run: Handler<AcpInputs[O]>,
): ApiRoute {
  const handle = pipeline(operation, declared.status ?? 200, run);
  return defineRoute({
    method,
    path,
    summary: `${summary} (ACP ${ACP_SUPPORTED_VERSIONS.join(" or ")} by API-Version; Authorization: Bearer <the shopper's hgl_ API key>)`,
    tag: "Agentic Commerce Protocol",
    access: "api-key",
    unauthenticated: "Send the shopper's API key: Authorization: Bearer <key>.",
    headers: ACP_HEADERS,
    ...(declared.params ? { params: declared.params } : {}),
    ...(declared.body ? { body: z.union(declared.body) } : {}),
    ...(declared.status ? { status: declared.status } : {}),
    response: z.union([AcpCheckoutSessionSchema, Acp2026CheckoutSessionSchema]),
    errorSchema: AcpErrorSchema,
    readsOwnInput: true,
    answerError: (c, error) => errorAnswer(c, error),
    handler: (c, { user }) => handle(c, user),
  });
}

/** ACP's discovery document, and the checkout: POST /acp/checkout_sessions and its four sub-routes. */
export const acpRoutes: ApiRoute[] = [
  acpDiscoveryRoute,
  acpRoute(
    "create",
    "post",
    "/acp/checkout_sessions",
    "Create a checkout session: the shopper's cart made to hold the items",
    { body: [AcpCreateSessionSchema, Acp2026CreateSessionSchema], status: 201 },
    (deps, who, _id, body) => createAcpSession(deps, who, body),
  ),
  acpRoute(
    "update",
    "post",
    "/acp/checkout_sessions/{checkout_session_id}",
    "Update a checkout session: items, buyer, address, shipping option, discount codes",
    { body: [AcpUpdateSessionSchema, Acp2026UpdateSessionSchema], params: SESSION_ID },
    (deps, who, id, body) => changeAcpSession(deps, who, id, body),
  ),
  acpRoute(
    "get",
    "get",
    "/acp/checkout_sessions/{checkout_session_id}",
    "A checkout session's authoritative state",
    { params: SESSION_ID },
    (deps, who, id) => getAcpSession(deps, who, id),
  ),
  acpRoute(
    "complete",
    "post",
    "/acp/checkout_sessions/{checkout_session_id}/complete",
    "Complete a checkout session: the order is placed (the web checkout's transaction)",
    { body: [AcpCompleteSessionSchema, Acp2026CompleteSessionSchema], params: SESSION_ID },
    (deps, who, id, body) => completeAcpSession(deps, who, id, body),
  ),
  acpRoute(
    "cancel",
    "post",
    "/acp/checkout_sessions/{checkout_session_id}/cancel",
    "Cancel a checkout session (405 once completed or canceled)",
    { params: SESSION_ID },
    (deps, who, id) => cancelAcpSession(deps, who, id),
  ),
];

/** ACP's answer to a path no checkout session can have (a NUL, stray bytes, an overlong id), or no route. */
export function acpNoSuchPath(c: AppContext, status: 400 | 404, message: string): Response {
  return errorAnswer(c, status === 404 ? notFound(message) : invalid(message, "INVALID"));
}
