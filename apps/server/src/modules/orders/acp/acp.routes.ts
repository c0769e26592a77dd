import {
  ACP_API_VERSION,
  AcpCheckoutSessionSchema,
  AcpCompleteSessionSchema,
  AcpCreateSessionSchema,
  AcpErrorSchema,
  AcpUpdateSessionSchema,
} from "@haggle/contract/acp";
import { DomainError } from "@haggle/domain/errors";
import type { Hono } from "hono";
import { z } from "zod";
import type { AppContext, AppEnv } from "../../../http/context.ts";
import { STATUS_OF_KIND } from "../../../http/error-table.ts";
import { type ApiRoute, declareForeignRoute } from "../../../http/route.ts";
import { hitRateLimit } from "../../../platform/rate-limit.ts";
import { type AccountIdentity, authenticateApiKey } from "../../accounts/index.ts";
import { AcpFailure, jsonPath } from "./acp-failure.ts";
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
 * The Agentic Commerce Protocol's checkout (docs/decisions/0013-acp.md), served outside the
 * declared /api routes because the spec fixes its own answers: the flat `{type, code, message,
 * param}` error, `API-Version`, `Idempotency-Key` replays, `Signature`/`Timestamp`. Each request
 * passes one pipeline: key, version, signature, idempotency, JSON body, service, answer.
 */

/** An unanswered Idempotency-Key older than this belongs to a request that died: it is taken over. */
const ABANDONED_CLAIM_MS = 120_000;
const MAX_IDEMPOTENCY_KEY = 255;

const SECURITY = [{ bearerAuth: [] }];
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

function doc(
  method: "get" | "post",
  path: string,
  summary: string,
  extra: { body?: z.ZodType; params?: z.ZodObject; status?: number } = {},
): ApiRoute {
  return declareForeignRoute({
    method,
    path,
    summary: `${summary} (ACP ${ACP_API_VERSION}; Authorization: Bearer <the shopper's hgl_ API key>)`,
    tag: "Agentic Commerce Protocol",
    access: "public",
    headers: ACP_HEADERS,
    response: AcpCheckoutSessionSchema,
    security: SECURITY,
    errorSchema: AcpErrorSchema,
    ...extra,
  });
}

/** The ACP routes as the OpenAPI document and the route table list them. */
export const acpRouteDocs: ApiRoute[] = [
  doc(
    "post",
    "/acp/checkout_sessions",
    "Create a checkout session: the shopper's cart made to hold the items",
    {
      body: AcpCreateSessionSchema,
      status: 201,
    },
  ),
  doc(
    "post",
    "/acp/checkout_sessions/{checkout_session_id}",
    "Update a checkout session: items, buyer, address, shipping option",
    {
      body: AcpUpdateSessionSchema,
      params: SESSION_ID,
    },
  ),
  doc("get", "/acp/checkout_sessions/{checkout_session_id}", "A checkout session's authoritative state", {
    params: SESSION_ID,
  }),
  doc(
    "post",
    "/acp/checkout_sessions/{checkout_session_id}/complete",
    "Complete a checkout session: the order is placed (the web checkout's transaction)",
    {
      body: AcpCompleteSessionSchema,
      params: SESSION_ID,
    },
  ),
  doc(
    "post",
    "/acp/checkout_sessions/{checkout_session_id}/cancel",
    "Cancel a checkout session (405 once completed or canceled)",
    {
      params: SESSION_ID,
    },
  ),
];

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

function failureAnswer(c: AppContext, failure: AcpFailure, extra: Record<string, string> = {}): Response {
  const wait = failure.retryAfterSeconds;
  return answer(c, failure.status, JSON.stringify(failure.body), {
    ...(wait === undefined ? {} : { "Retry-After": String(wait) }),
    ...extra,
  });
}

/** Any error below a service as the spec's error (a domain error keeps its sentence and status). */
function asFailure(error: unknown): AcpFailure {
  if (error instanceof AcpFailure) return error;
  if (error instanceof DomainError) {
    const status = STATUS_OF_KIND[error.kind];
    if (status < 500)
      return new AcpFailure(
        status === 409 || status === 404 || status === 401 ? status : 400,
        "invalid_request",
        error.code.toLowerCase(),
        error.message,
      );
  }
  return new AcpFailure(
    500,
    "processing_error",
    "internal",
    "Something went wrong on our side. Please try again.",
  );
}

/**
 * The caller's shopper account, from the bearer key (an unknown or revoked key is refused), and
 * the key's call rate (ACP_RATE_LIMIT_PER_KEY_PER_MINUTE, counted in the database for every process).
 */
async function shopperOf(c: AppContext): Promise<AccountIdentity> {
  const header = c.req.header("authorization");
  const key = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
  const found = key ? await authenticateApiKey(c.get("deps").database.db, key) : null;
  if (!found)
    throw new AcpFailure(
      401,
      "invalid_request",
      header ? "invalid_api_key" : "unauthenticated",
      header
        ? "This API key is not valid or was revoked. The shopper creates a new one on the account page."
        : "Send the shopper's API key: Authorization: Bearer <key>.",
    );
  const { database, config } = c.get("deps");
  const rate = await hitRateLimit(database.db, `acp:key:${found.keyId}`, config.acp.ratePerKeyPerMinute, 60);
  if (!rate.allowed)
    throw new AcpFailure(
      429,
      "invalid_request",
      "rate_limited",
      `Too many requests with this API key. Wait ${rate.retryAfterSeconds} seconds and try again.`,
    ).retryAfter(rate.retryAfterSeconds);
  return found.shopper;
}

function checkVersion(c: AppContext): void {
  const version = c.req.header("api-version");
  if (!version)
    throw new AcpFailure(
      400,
      "invalid_request",
      "api_version_required",
      `The API-Version header is required; this shop speaks ${ACP_API_VERSION}.`,
    );
  if (version.trim() !== ACP_API_VERSION)
    throw new AcpFailure(
      400,
      "invalid_request",
      "unsupported_api_version",
      `API-Version ${version.slice(0, 40)} is not supported; this shop speaks ${ACP_API_VERSION}.`,
    );
}

function parseBody<S extends z.ZodType>(schema: S | null, text: string): z.output<S> | undefined {
  if (!schema) return undefined;
  if (text.includes("\u0000") || text.includes("\\u0000"))
    throw new AcpFailure(
      400,
      "invalid_request",
      "invalid",
      "The request contains a NUL character, which is not allowed.",
    );
  let json: unknown;
  try {
    json = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new AcpFailure(400, "invalid_request", "invalid_json", "The request body must be valid JSON.");
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
  throw new AcpFailure(
    400,
    "invalid_request",
    path.length === 0 ? "invalid" : "invalid",
    message,
    jsonPath(path),
  );
}

type Handler<B> = (deps: AcpDeps, who: AccountIdentity, id: string, body: B) => Promise<unknown>;

/**
 * One ACP endpoint: the shopper's key, API-Version, the signature (when ACP_SIGNING_SECRET is
 * set), the Idempotency-Key (every POST: the same key and request answer the stored answer; the
 * same key with another request is 409), the body, the service.
 */
function endpoint<S extends z.ZodType>(schema: S | null, status: number, run: Handler<z.output<S>>) {
  return async (c: AppContext): Promise<Response> => {
    const { config, database } = c.get("deps");
    let claimed: { userId: string; key: string } | null = null;
    try {
      const who = await shopperOf(c);
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
          throw new AcpFailure(
            400,
            "invalid_request",
            "idempotency_key_required",
            "Idempotency-Key header is required on all POST requests.",
          );
        if (key.length > MAX_IDEMPOTENCY_KEY)
          throw new AcpFailure(
            400,
            "invalid_request",
            "invalid_idempotency_key",
            `Idempotency-Key can be at most ${MAX_IDEMPOTENCY_KEY} characters.`,
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
          throw new AcpFailure(
            409,
            "invalid_request",
            "idempotency_conflict",
            "Idempotency-Key has already been used with a different request.",
          );
        if (claim.state === "in_flight")
          return failureAnswer(
            c,
            new AcpFailure(
              409,
              "invalid_request",
              "idempotency_in_flight",
              "A request with this Idempotency-Key is currently being processed.",
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
      const failure = asFailure(error);
      if (failure.status >= 500) c.get("log").error({ err: error }, "ACP request failed");
      if (claimed) {
        // A 4xx is the answer to this request (a retry gets it again); a 5xx is not kept (the spec).
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
      return failureAnswer(c, failure);
    }
  };
}

/** Serves /acp/checkout_sessions and its four sub-routes. */
export function mountAcp(app: Hono<AppEnv>) {
  app.post(
    "/acp/checkout_sessions",
    endpoint(AcpCreateSessionSchema, 201, (deps, who, _id, body) => createAcpSession(deps, who, body)),
  );
  app.get(
    "/acp/checkout_sessions/:checkout_session_id",
    endpoint(null, 200, (deps, who, id) => getAcpSession(deps, who, id)),
  );
  app.post(
    "/acp/checkout_sessions/:checkout_session_id",
    endpoint(AcpUpdateSessionSchema, 200, (deps, who, id, body) => changeAcpSession(deps, who, id, body)),
  );
  app.post(
    "/acp/checkout_sessions/:checkout_session_id/complete",
    endpoint(AcpCompleteSessionSchema, 200, (deps, who, id, body) => completeAcpSession(deps, who, id, body)),
  );
  app.post(
    "/acp/checkout_sessions/:checkout_session_id/cancel",
    endpoint(z.object({}).loose(), 200, (deps, who, id) => cancelAcpSession(deps, who, id)),
  );
  app.all("/acp/checkout_sessions/*", (c) =>
    failureAnswer(c, new AcpFailure(404, "invalid_request", "not_found", "There is no such ACP route.")),
  );
}

/** ACP's answer to a path no checkout session can have (a NUL, stray bytes, an overlong id). */
export function acpNoSuchPath(c: AppContext, status: 400 | 404, message: string): Response {
  return failureAnswer(
    c,
    new AcpFailure(status, "invalid_request", status === 404 ? "not_found" : "invalid", message),
  );
}
