import {
  ACP_API_VERSION,
  type AcpError,
  AcpCheckoutSessionSchema,
  AcpCompleteSessionSchema,
  AcpCreateSessionSchema,
  AcpErrorSchema,
  AcpUpdateSessionSchema,
} from "@haggle/contract/acp";
import {
  conflict,
  DomainError,
  type DomainErrorKind,
  invalid,
  invalidField,
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
  cancelAcpSession,
  changeAcpSession,
  completeAcpSession,
  createAcpSession,
  getAcpSession,
} from "./acp-sessions.service.ts";
import { claimIdempotencyKey, recordIdempotentAnswer, releaseIdempotencyKey } from "./acp-sessions.store.ts";
import { requestFingerprint, verifyRequestSignature } from "./acp-signature.ts";

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
  "api-version": z.string().meta({ description: `The ACP version: ${ACP_API_VERSION}` }),
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

type AcpStatus = 400 | 401 | 404 | 405 | 409 | 429 | 500;

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

/**
 * Any error below an ACP route as the spec's error: a domain error keeps its sentence, its code
 * (in ACP's lower case) and its field as `param`; anything unexpected is a 500 without details.
 */
export function acpErrorOf(error: unknown): {
  status: number;
  body: AcpError;
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
  const status = ACP_STATUS_OF_CODE[error.code] ?? ACP_STATUS_OF_KIND[error.kind];
  return {
    status,
    body: {
      type: status >= 500 ? "processing_error" : "invalid_request",
      code: error.code.toLowerCase(),
      message: error.message,
      ...(error.field ? { param: error.field } : {}),
    },
    headers: {},
  };
}

function acpDeps(c: AppContext): AcpDeps {
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
function errorAnswer(c: AppContext, error: unknown, extra: Record<string, string> = {}): Response {
  const failure = acpErrorOf(error);
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

function checkVersion(c: AppContext): void {
  const version = c.req.header("api-version");
  if (!version)
    throw invalid(
      `The API-Version header is required; this shop speaks ${ACP_API_VERSION}.`,
      "API_VERSION_REQUIRED",
    );
  if (version.trim() !== ACP_API_VERSION)
    throw invalid(
      `API-Version ${version.slice(0, 40)} is not supported; this shop speaks ${ACP_API_VERSION}.`,
      "UNSUPPORTED_API_VERSION",
    );
}

/** A zod issue path as the spec's JSONPath: ["items", 0, "id"] -> $.items[0].id. */
function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (at, part) => (typeof part === "number" ? `${at}[${part}]` : `${at}.${String(part)}`),
    "$",
  );
}

function parseBody<S extends z.ZodType>(schema: S | null, text: string): z.output<S> | undefined {
  if (!schema) return undefined;
  if (text.includes("\u0000") || text.includes("\\u0000"))
    throw invalid("The request contains a NUL character, which is not allowed.", "INVALID");
  let json: unknown;
  try {
    json = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw invalid("The request body must be valid JSON.", "INVALID_JSON");
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const unknownKey = issue.code === "unrecognized_keys" ? issue.keys[0] : undefined;
  const path = unknownKey ? [...issue.path, unknownKey] : issue.path;
  const message = unknownKey
    ? `${unknownKey} is not a field of this request.`
    : issue.message.endsWith(".")
      ? issue.message
      : `${jsonPath(issue.path)}: ${issue.message}.`;
  throw invalidField(jsonPath(path), message);
}

type Handler<B> = (deps: AcpDeps, who: ApiKeyCaller, id: string, body: B) => Promise<unknown>;

/**
 * One ACP endpoint, behind the guard's key check: the key's rate, API-Version, the signature
 * (when ACP_SIGNING_SECRET is set), the Idempotency-Key (every POST: the same key and request
 * answer the stored answer; the same key with another request is 409), the body, the service.
 */
function pipeline<S extends z.ZodType>(schema: S | null, status: number, run: Handler<z.output<S>>) {
  return async (c: AppContext, who: ApiKeyCaller): Promise<Response> => {
    const { config, database } = c.get("deps");
    let claimed: { userId: string; key: string } | null = null;
    try {
      const limited = await rateRefusal(c, who);
      if (limited) return limited;
      checkVersion(c);
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
          requestFingerprint(c.req.method, c.req.path, fingerprintBody),
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
      const body = parseBody(schema, raw) as z.output<S>;
      const session = await run(acpDeps(c), who, c.req.param("checkout_session_id") ?? "", body);
      const text = JSON.stringify(AcpCheckoutSessionSchema.parse(session));
      if (claimed) await recordIdempotentAnswer(database.db, claimed.userId, claimed.key, status, text);
      return answer(c, status, text);
    } catch (error) {
      if (claimed) {
        // A 4xx is the answer to this request (a retry gets it again); a 5xx is not kept (the spec).
        const failure = acpErrorOf(error);
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
      return errorAnswer(c, error);
    }
  };
}

/** One ACP route: access `api-key`, the spec's headers, its answer and error documented. */
function acpRoute<S extends z.ZodType>(
  method: "get" | "post",
  path: string,
  summary: string,
  declared: { body?: S; params?: typeof SESSION_ID; status?: number },
  run: Handler<z.output<S>>,
  /** The body as read, where it is not documented (cancel takes any JSON object, or none). */
  parse: z.ZodType | null = declared.body ?? null,
): ApiRoute {
  const handle = pipeline(parse as S | null, declared.status ?? 200, run);
  return defineRoute({
    method,
    path,
    summary: `${summary} (ACP ${ACP_API_VERSION}; Authorization: Bearer <the shopper's hgl_ API key>)`,
    tag: "Agentic Commerce Protocol",
    access: "api-key",
    unauthenticated: "Send the shopper's API key: Authorization: Bearer <key>.",
    headers: ACP_HEADERS,
    ...(declared.params ? { params: declared.params } : {}),
    ...(declared.body ? { body: declared.body } : {}),
    ...(declared.status ? { status: declared.status } : {}),
    response: AcpCheckoutSessionSchema,
    errorSchema: AcpErrorSchema,
    readsOwnInput: true,
    answerError: (c, error) => errorAnswer(c, error),
    handler: (c, { user }) => handle(c, user),
  });
}

/** The ACP checkout: POST /acp/checkout_sessions and its four sub-routes. */
export const acpRoutes: ApiRoute[] = [
  acpRoute(
    "post",
    "/acp/checkout_sessions",
    "Create a checkout session: the shopper's cart made to hold the items",
    { body: AcpCreateSessionSchema, status: 201 },
    (deps, who, _id, body) => createAcpSession(deps, who, body),
  ),
  acpRoute(
    "post",
    "/acp/checkout_sessions/{checkout_session_id}",
    "Update a checkout session: items, buyer, address, shipping option",
    { body: AcpUpdateSessionSchema, params: SESSION_ID },
    (deps, who, id, body) => changeAcpSession(deps, who, id, body),
  ),
  acpRoute(
    "get",
    "/acp/checkout_sessions/{checkout_session_id}",
    "A checkout session's authoritative state",
    { params: SESSION_ID },
    (deps, who, id) => getAcpSession(deps, who, id),
  ),
  acpRoute(
    "post",
    "/acp/checkout_sessions/{checkout_session_id}/complete",
    "Complete a checkout session: the order is placed (the web checkout's transaction)",
    { body: AcpCompleteSessionSchema, params: SESSION_ID },
    (deps, who, id, body) => completeAcpSession(deps, who, id, body),
  ),
  acpRoute(
    "post",
    "/acp/checkout_sessions/{checkout_session_id}/cancel",
    "Cancel a checkout session (405 once completed or canceled)",
    { params: SESSION_ID },
    (deps, who, id) => cancelAcpSession(deps, who, id),
    z.object({}).loose(),
  ),
];

/** ACP's answer to a path no checkout session can have (a NUL, stray bytes, an overlong id), or no route. */
export function acpNoSuchPath(c: AppContext, status: 400 | 404, message: string): Response {
  return errorAnswer(c, status === 404 ? notFound(message) : invalid(message, "INVALID"));
}
