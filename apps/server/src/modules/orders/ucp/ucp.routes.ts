import { UCP_VERSION } from "@haggle/contract/ucp";
import {
  UcpAnswerSchema,
  UcpCompleteCheckoutSchema,
  UcpCreateCheckoutSchema,
  UcpUpdateCheckoutSchema,
} from "@haggle/contract/ucp";
import { conflict, DomainError, invalid, invalidField, limitReached, notFound } from "@haggle/domain/errors";
import {
  intersectCapabilities,
  profileUrlOf,
  supportsProtocolVersion,
  type UcpCapabilities,
} from "@haggle/domain/ucp/ucp-negotiation";
import { z } from "zod";
import { clientIp } from "../../../http/client-ip.ts";
import type { AppContext } from "../../../http/context.ts";
import { refusalIn } from "../../../http/error-table.ts";
import { type ApiKeyCaller, type ApiRoute, defineRoute } from "../../../http/route.ts";
import { hitRateLimit } from "../../../platform/rate-limit.ts";
import {
  acpDeps,
  parseBody,
  type AcpDeps,
  claimIdempotencyKey,
  recordIdempotentAnswer,
  releaseIdempotencyKey,
  requestFingerprint,
} from "../acp/index.ts";
import {
  type ActiveCapabilities,
  cancelUcpCheckout,
  completeUcpCheckout,
  createUcpCheckout,
  getUcpCheckout,
  ucpPath,
  updateUcpCheckout,
} from "./ucp-checkout.service.ts";
import { PlatformProfiles, ProfileFailure } from "./ucp-platform-profile.ts";
import { BUSINESS_CAPABILITIES, businessProfile, CHECKOUT } from "./ucp-profile.ts";

/*
 * The Universal Commerce Protocol (docs/decisions/0066-ucp.md): the business profile at
 * /.well-known/ucp and the checkout capability over REST at /ucp/checkout-sessions. Each
 * checkout request passes one pipeline: the key's rate, the platform's profile (UCP-Agent,
 * fetched safely and cached) and the capability intersection, the Idempotency-Key, the body,
 * the service, the answer. Errors answer as the spec shapes them: discovery and protocol
 * failures as `{code, content}`, refusals of the request as the UCP error envelope.
 */

const ABANDONED_CLAIM_MS = 120_000;
const MAX_IDEMPOTENCY_KEY = 255;
const PROFILE_RATE_PER_IP_PER_MINUTE = 120;

const UCP_HEADERS = z.object({
  "ucp-agent": z
    .string()
    .meta({ description: 'The platform\'s profile: profile="https://platform.example/profile.json"' }),
  "idempotency-key": z
    .string()
    .optional()
    .meta({ description: "Optional on POST and PUT; replays answer the stored answer for 24 hours" }),
  "request-id": z.string().optional(),
});
const SESSION_ID = z.object({ id: z.string() });

const profilesByMode = new Map<boolean, PlatformProfiles>();
function platformProfiles(allowPrivateHosts: boolean): PlatformProfiles {
  let profiles = profilesByMode.get(allowPrivateHosts);
  if (!profiles) {
    profiles = new PlatformProfiles({ allowPrivateHosts });
    profilesByMode.set(allowPrivateHosts, profiles);
  }
  return profiles;
}

const FLAT_CODES = new Set(["IDEMPOTENCY_CONFLICT", "IDEMPOTENCY_IN_FLIGHT", "RATE_LIMITED"]);
const UNRECOVERABLE = new Set(["SESSION_COMPLETED", "SESSION_CANCELED", "CART_CONVERTED"]);
const STATUS_OF_KIND: Record<DomainError["kind"], number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  limit: 429,
  unavailable: 503,
  failed: 500,
};

interface UcpFailure {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** Any error below a UCP route as the spec answers it; anything unexpected is a 500 without details. */
export function ucpErrorOf(error: unknown, continueUrl: string): UcpFailure {
  if (error instanceof ProfileFailure)
    return {
      status: error.status,
      body: { code: error.ucpCode, content: error.message, continue_url: continueUrl },
      headers: {},
    };
  const refusal = refusalIn(error);
  if (refusal)
    return {
      status: refusal.status,
      body: { code: refusal.code.toLowerCase(), content: refusal.message },
      headers: refusal.headers,
    };
  if (!(error instanceof DomainError))
    return {
      status: 500,
      body: { code: "internal", content: "Something went wrong on our side. Please try again." },
      headers: {},
    };
  const status = STATUS_OF_KIND[error.kind];
  if (status === 401 || FLAT_CODES.has(error.code))
    return { status, body: { code: error.code.toLowerCase(), content: error.message }, headers: {} };
  const path = ucpPath(error.field);
  return {
    status,
    body: {
      ucp: { version: UCP_VERSION, status: "error" },
      messages: [
        {
          type: "error",
          code: status === 404 ? "not_found" : error.code.toLowerCase(),
          ...(path ? { path } : {}),
          content: error.message,
          severity: status === 404 || UNRECOVERABLE.has(error.code) ? "unrecoverable" : "recoverable",
        },
      ],
      continue_url: continueUrl,
    },
    headers: {},
  };
}

function answer(c: AppContext, status: number, body: string, extra: Record<string, string> = {}): Response {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Cache-Control": "private, no-store",
    ...extra,
  };
  const requestId = c.req.header("request-id");
  if (requestId && requestId.length <= 200) headers["Request-Id"] = requestId;
  return new Response(body, { status, headers });
}

function errorAnswer(c: AppContext, error: unknown, extra: Record<string, string> = {}): Response {
  const failure = ucpErrorOf(error, `${c.get("deps").config.publicUrl}/cart`);
  if (failure.status >= 500) c.get("log").error({ err: error }, "UCP request failed");
  const headers = { ...failure.headers, ...extra };
  if (failure.status === 401) headers["WWW-Authenticate"] = 'Bearer realm="ucp"';
  return answer(c, failure.status, JSON.stringify(failure.body), headers);
}

/**
 * The capabilities active for this request: the platform's profile (UCP-Agent) fetched or
 * cached, its protocol version checked, intersected with the shop's.
 */
async function negotiate(c: AppContext): Promise<ActiveCapabilities> {
  const url = profileUrlOf(c.req.header("ucp-agent"));
  if (!url)
    throw new ProfileFailure(
      "invalid_profile_url",
      400,
      'The UCP-Agent header must name the platform profile: profile="https://…".',
    );
  const profile = await platformProfiles(c.get("deps").config.ucp.allowPrivateProfileHosts).get(url);
  const ucp = profile.ucp as { version: string; capabilities?: UcpCapabilities };
  if (!supportsProtocolVersion(ucp.version))
    throw new ProfileFailure(
      "version_unsupported",
      422,
      `Protocol version ${ucp.version} is not supported. This business supports version ${UCP_VERSION}.`,
    );
  return intersectCapabilities(BUSINESS_CAPABILITIES, ucp.capabilities ?? {});
}

/** The answer when the platform shares no checkout capability with the shop (the spec's 200 with an error). */
function incompatible(c: AppContext): Response {
  return answer(
    c,
    200,
    JSON.stringify({
      ucp: { version: UCP_VERSION, status: "error", capabilities: {} },
      messages: [
        {
          type: "error",
          code: "capabilities_incompatible",
          content: `The platform profile shares no version of ${CHECKOUT} with this shop (it speaks ${UCP_VERSION}).`,
          severity: "unrecoverable",
        },
      ],
      continue_url: `${c.get("deps").config.publicUrl}/cart`,
    }),
  );
}

type Handler<B> = (
  deps: AcpDeps,
  who: ApiKeyCaller,
  id: string,
  body: B,
  active: ActiveCapabilities,
) => Promise<unknown>;

async function claim(c: AppContext, who: ApiKeyCaller, raw: string): Promise<Response | string | null> {
  const key = c.req.header("idempotency-key");
  if (!key) return null;
  if (key.length > MAX_IDEMPOTENCY_KEY)
    throw invalidField(
      "Idempotency-Key",
      `Idempotency-Key can be at most ${MAX_IDEMPOTENCY_KEY} characters.`,
      "INVALID",
    );
  let fingerprintBody: unknown = raw;
  try {
    fingerprintBody = raw.trim() === "" ? {} : JSON.parse(raw);
  } catch {
    // Not JSON: compared as the text it is (and refused when read).
  }
  // Its own key space: a platform's UCP key never replays an ACP answer.
  const stored = `ucp:${key}`;
  const claimed = await claimIdempotencyKey(
    c.get("deps").database.db,
    who.id,
    stored,
    requestFingerprint(c.req.method, c.req.path, fingerprintBody),
    ABANDONED_CLAIM_MS,
  );
  if (claimed.state === "replay")
    return answer(c, claimed.status, claimed.body, { "Idempotent-Replayed": "true" });
  if (claimed.state === "conflict")
    throw conflict("Idempotency-Key has already been used with a different request.", "IDEMPOTENCY_CONFLICT");
  if (claimed.state === "in_flight")
    return errorAnswer(
      c,
      conflict("A request with this Idempotency-Key is currently being processed.", "IDEMPOTENCY_IN_FLIGHT"),
      { "Retry-After": "1" },
    );
  return stored;
}

/** One UCP checkout operation behind the guard's key check. */
function pipeline<S extends z.ZodType>(schema: S | null, status: number, run: Handler<z.output<S>>) {
  return async (c: AppContext, who: ApiKeyCaller): Promise<Response> => {
    const { config, database } = c.get("deps");
    let claimed: string | null = null;
    try {
      const rate = await hitRateLimit(
        database.db,
        `ucp:key:${who.keyId}`,
        config.acp.ratePerKeyPerMinute,
        60,
      );
      if (!rate.allowed)
        return errorAnswer(
          c,
          limitReached(
            `Too many requests with this API key. Wait ${rate.retryAfterSeconds} seconds and try again.`,
            "RATE_LIMITED",
          ),
          { "Retry-After": String(Math.max(1, Math.ceil(rate.retryAfterSeconds))) },
        );
      const active = await negotiate(c);
      if (!(CHECKOUT in active)) return incompatible(c);
      const raw = c.req.method === "GET" ? "" : await c.req.text();
      if (c.req.method !== "GET") {
        const claim_ = await claim(c, who, raw);
        if (claim_ instanceof Response) return claim_;
        claimed = claim_;
      }
      const body = parseBody(schema, raw) as z.output<S>;
      const checkout = await run(acpDeps(c), who, c.req.param("id") ?? "", body, active);
      const text = JSON.stringify(checkout);
      if (claimed) await recordIdempotentAnswer(database.db, who.id, claimed, status, text);
      return answer(c, status, text);
    } catch (error) {
      if (claimed) {
        // A 4xx is this request's answer (a retry gets it again); a 5xx is not kept.
        const failure = ucpErrorOf(error, `${config.publicUrl}/cart`);
        if (failure.status < 500)
          await recordIdempotentAnswer(
            database.db,
            who.id,
            claimed,
            failure.status,
            JSON.stringify(failure.body),
          );
        else await releaseIdempotencyKey(database.db, who.id, claimed);
      }
      return errorAnswer(c, error);
    }
  };
}

function ucpRoute<S extends z.ZodType>(
  method: "get" | "post" | "put",
  path: string,
  summary: string,
  declared: { body?: S; params?: typeof SESSION_ID; status?: number },
  run: Handler<z.output<S>>,
  parse: z.ZodType | null = declared.body ?? null,
): ApiRoute {
  const handle = pipeline(parse as S | null, declared.status ?? 200, run);
  return defineRoute({
    method,
    path,
    summary: `${summary} (UCP ${UCP_VERSION}; Authorization: Bearer <the shopper's hgl_ API key or OAuth token>)`,
    tag: "Universal Commerce Protocol",
    access: "api-key",
    unauthenticated: "Send the shopper's API key: Authorization: Bearer <key>.",
    headers: UCP_HEADERS,
    ...(declared.params ? { params: declared.params } : {}),
    ...(declared.body ? { body: declared.body } : {}),
    ...(declared.status ? { status: declared.status } : {}),
    response: UcpAnswerSchema,
    errorSchema: UcpAnswerSchema,
    readsOwnInput: true,
    answerError: (c, error) => errorAnswer(c, error),
    handler: (c, { user }) => handle(c, user),
  });
}

/** The business profile is the same for everyone; the spec wants it cached publicly for at least a minute. */
const profileRoute = defineRoute({
  method: "get",
  path: "/.well-known/ucp",
  summary: `The shop's UCP business profile (${UCP_VERSION}): its REST service, capabilities and payment handlers`,
  tag: "Universal Commerce Protocol",
  access: "public",
  response: UcpAnswerSchema,
  before: async (c) => {
    const rate = await hitRateLimit(
      c.get("deps").database.db,
      `ucp-profile:ip:${clientIp(c)}`,
      PROFILE_RATE_PER_IP_PER_MINUTE,
      60,
    );
    if (!rate.allowed)
      throw limitReached(
        `Too many requests. Wait ${rate.retryAfterSeconds} seconds and try again.`,
        "RATE_LIMITED",
      );
  },
  handler: (c) => {
    const { config, payments } = c.get("deps");
    return new Response(JSON.stringify(businessProfile(config.publicUrl, payments.has("stripe"))), {
      headers: { "Content-Type": "application/json", "Cache-Control": "public, max-age=300" },
    });
  },
});

/** The UCP discovery profile and checkout: create, get, update (PUT), complete, cancel. */
export const ucpRoutes: ApiRoute[] = [
  profileRoute,
  ucpRoute(
    "post",
    "/ucp/checkout-sessions",
    "Create a checkout session: the shopper's cart made to hold the line items",
    { body: UcpCreateCheckoutSchema, status: 201 },
    (deps, who, _id, body, active) => createUcpCheckout(deps, who, body, active),
  ),
  ucpRoute(
    "get",
    "/ucp/checkout-sessions/{id}",
    "A checkout session's authoritative state",
    { params: SESSION_ID },
    (deps, who, id, _body, active) => getUcpCheckout(deps, who, id, active),
  ),
  ucpRoute(
    "put",
    "/ucp/checkout-sessions/{id}",
    "Update a checkout session: line items, buyer, fulfillment (the request replaces them)",
    { body: UcpUpdateCheckoutSchema, params: SESSION_ID },
    (deps, who, id, body, active) => updateUcpCheckout(deps, who, id, body, active),
  ),
  ucpRoute(
    "post",
    "/ucp/checkout-sessions/{id}/complete",
    "Complete a checkout session: the order is placed (the web checkout's transaction, once)",
    { body: UcpCompleteCheckoutSchema, params: SESSION_ID },
    (deps, who, id, body, active) => completeUcpCheckout(deps, who, id, body, active),
  ),
  ucpRoute(
    "post",
    "/ucp/checkout-sessions/{id}/cancel",
    "Cancel a checkout session (refused once completed or canceled)",
    { params: SESSION_ID },
    (deps, who, id, _body, active) => cancelUcpCheckout(deps, who, id, active),
    z.object({}).loose(),
  ),
];

/** UCP's answer to a path no checkout session can have, or no route. */
export function ucpNoSuchPath(c: AppContext, status: 400 | 404, message: string): Response {
  return errorAnswer(c, status === 404 ? notFound(message) : invalid(message, "INVALID"));
}
