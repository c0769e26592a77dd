import { ApiErrorSchema } from "@haggle/contract/errors";
import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import type { Hono } from "hono";
import type { AppContext, AppEnv, SessionUser } from "./context.ts";

/**
 * Who may call a route. `owner` is `signed-in` at the gate; the route's service answers 404 for
 * a cart, order or negotiation that is not the caller's, exactly like one that does not exist.
 * `api-key`: a shopper's agent key (`Authorization: Bearer hgl_…`, made on the account page),
 * never a session cookie; the caller is the key's shopper. `api-key-or-anonymous`: the same, but
 * a request without an Authorization header passes as an anonymous agent (MCP: agents browse).
 */
export const ACCESS_LEVELS = [
  "public",
  "signed-in",
  "owner",
  "merchant",
  "admin",
  "api-key",
  "api-key-or-anonymous",
] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/**
 * The caller of an `api-key` route: the key's shopper, and the key (its id) it called with. An
 * agent with an OAuth access token instead: `keyId` is `oauth:<client id>` (its rate-limit
 * bucket) and `oauth` names the client and the scopes the shopper granted it.
 */
export interface ApiKeyCaller {
  id: string;
  email: string;
  name: string;
  keyId: string;
  oauth?: { clientId: string; scopes: string[] };
}

/** Whom the gate let in: nobody (public), a session's user, or an API key's shopper. */
export type Caller = SessionUser | ApiKeyCaller | null;

export type Method = "get" | "post" | "put" | "patch" | "delete";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: the caller and its input, already checked against the declaration. */
export interface RouteInput<A extends Access, P, Q, H, B> {
  /** The caller; public routes do not look the session up. */
  user: A extends "public"
    ? null
    : A extends "api-key"
      ? ApiKeyCaller
      : A extends "api-key-or-anonymous"
        ? ApiKeyCaller | null
        : SessionUser;
  params: Out<P>;
  query: Out<Q>;
  headers: Out<H>;
  body: Out<B>;
}

/** An unexpected error of the route answers 500 with this code and sentence (domain errors pass). */
export interface Failure {
  code: string;
  message: string;
}

export interface RouteDeclaration<
  A extends Access,
  P extends z.ZodObject | undefined,
  Q extends z.ZodObject | undefined,
  H extends z.ZodObject | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType | undefined,
> {
  method: Method;
  /** The full public path, with OpenAPI parameters: `/api/orders/{id}`. */
  path: string;
  summary: string;
  tag: string;
  access: A;
  /** The 401 sentence, where it is not "Not authenticated". */
  unauthenticated?: string;
  /** Path parameters; an id made with `pathId` answers 404 with its sentence when it is no uuid. */
  params?: P;
  /** Query parameters: a repeated key arrives as an array, a single one as a string. */
  query?: Q;
  /** Request headers, lower-case names. */
  headers?: H;
  /** The JSON body (an empty body reads as `{}`). */
  body?: B;
  /** The body's schema when it depends on a path parameter; `body` then documents every case. */
  bodyFor?: (params: Out<P>) => z.ZodType;
  /** Runs after the access check and before any input is read, e.g. a rate limit every attempt counts against. */
  before?: (c: AppContext) => Promise<void>;
  /**
   * The handler reads the request itself (ACP: the spec's own sentences for a bad body, and
   * idempotency over the raw bytes); `params`, `headers` and `body` then only document it.
   */
  readsOwnInput?: boolean;
  /**
   * The answer to any error of this route, its gate's included, where a protocol fixes its own
   * error shape (ACP's); without it the API's error table answers. `errorSchema` documents it.
   */
  answerError?: (c: AppContext, error: unknown) => Response | Promise<Response>;
  errorSchema?: z.ZodType;
  /** A file upload: its body may be as large as UPLOAD_BODY_LIMIT_BYTES instead of BODY_LIMIT_BYTES. */
  upload?: boolean;
  /**
   * The success status (200 unless said; a handler may set another with `c.status`) and its
   * body's schema, with which the route layer encodes what the handler returns (cents become
   * dollars there, nowhere else).
   */
  status?: number;
  response?: R;
  /** The success answer's media type when it is not JSON (server-sent events, pictures). */
  produces?: string;
  /**
   * `shared`: the answer is the same for every caller (no session, no personal data), so it
   * carries a weak ETag and `Cache-Control: public, no-cache`, and a matching If-None-Match gets
   * 304. Any other JSON answer is `Cache-Control: private, no-store`. `catalogue`: shared, and
   * also kept in this process's answer cache until the catalogue changes (its answer depends on
   * the products and their pairings alone).
   */
  cache?: "shared" | "catalogue";
  failure?: Failure;
  /** Returns the answer's value (encoded with `response`) or, for streams and pictures, a Response. */
  handler: (c: AppContext, input: RouteInput<A, P, Q, H, B>) => Promise<Reply<R>> | Reply<R>;
}

/** What a handler gives back: a value of its response schema (in code units), or a ready Response. */
export type Reply<R> = Response | (R extends z.ZodType ? z.output<R> : unknown);

interface ErasedInput {
  user: Caller;
  params: unknown;
  query: unknown;
  headers: unknown;
  body: unknown;
}

/** A declared route with its types erased, as app.ts mounts it and the matrix test reads it. */
export interface ApiRoute {
  readonly method: Method;
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly access: Access;
  readonly unauthenticated?: string;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly headers?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly bodyFor?: (params: unknown) => z.ZodType;
  readonly before?: (c: AppContext) => Promise<void>;
  readonly readsOwnInput?: boolean;
  readonly answerError?: (c: AppContext, error: unknown) => Response | Promise<Response>;
  readonly upload?: boolean;
  readonly failure?: Failure;
  readonly status?: number;
  readonly response?: z.ZodType;
  readonly cache?: "shared" | "catalogue";
  /** null for a route another handler serves (better-auth's), declared for its documentation. */
  readonly handler: ((c: AppContext, input: ErasedInput) => unknown) | null;
  /** The OpenAPI operation generated from this declaration. */
  readonly openapi: RouteConfig;
}

const SECURED: Record<string, string[]>[] = [{ cookieAuth: [] }, { bearerAuth: [] }];
/** An `api-key` route takes the key alone: a session cookie does not open it. */
const KEY_ONLY: Record<string, string[]>[] = [{ bearerAuth: [] }];

/** What the OpenAPI operation is made of. */
type Documented = Pick<
  ApiRoute,
  "method" | "path" | "summary" | "tag" | "access" | "params" | "query" | "headers" | "body" | "failure"
> & {
  status?: number;
  response?: z.ZodType;
  produces?: string;
  /** The operation's security and error body, where they are not the API's own (ACP's). */
  security?: Record<string, string[]>[];
  errorSchema?: z.ZodType;
};

function operationOf(declaration: Documented): RouteConfig {
  const {
    method,
    path,
    summary,
    tag,
    access,
    params,
    query,
    headers,
    body,
    status,
    response,
    produces,
    failure,
    security,
    errorSchema = ApiErrorSchema,
  } = declaration;
  const json = (schema: z.ZodType) => ({ "application/json": { schema } });
  const success = response
    ? { description: "OK", content: produces ? { [produces]: { schema: response } } : json(response) }
    : { description: produces ? `OK: ${produces}` : "OK" };
  return createRoute({
    method,
    path,
    summary,
    tags: [tag],
    "x-access": access,
    ...(security
      ? { security }
      : access === "public"
        ? {}
        : { security: access.startsWith("api-key") ? KEY_ONLY : SECURED }),
    request: {
      ...(params ? { params } : {}),
      ...(query ? { query } : {}),
      ...(headers ? { headers } : {}),
      ...(body ? { body: { required: true, content: json(body) } } : {}),
    },
    responses: {
      [String(status ?? 200)]: success,
      "4XX": { description: "Error", content: json(errorSchema) },
      ...(failure
        ? { "500": { description: `Unexpected failure: ${failure.code}`, content: json(ApiErrorSchema) } }
        : {}),
    },
  });
}

/** Declares one route: its access, input, answer and documentation, and the handler it runs. */
export function defineRoute<
  A extends Access,
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  H extends z.ZodObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(declaration: RouteDeclaration<A, P, Q, H, B, R>): ApiRoute {
  // The handler's typed input is what `readInput` parses with these very schemas, which the
  // erased type cannot express: hence the cast.
  return { ...(declaration as unknown as Omit<ApiRoute, "openapi">), openapi: operationOf(declaration) };
}

/** A route served by another handler (better-auth's), declared so it is documented and probed. */
export function declareForeignRoute(declaration: {
  method: Method;
  path: string;
  summary: string;
  tag: string;
  access: Access;
  body?: z.ZodType;
  params?: z.ZodObject;
  headers?: z.ZodObject;
  status?: number;
  response?: z.ZodType;
  security?: Record<string, string[]>[];
  errorSchema?: z.ZodType;
}): ApiRoute {
  return { ...declaration, handler: null, openapi: operationOf(declaration) };
}

/**
 * A path prefix another handler serves (better-auth's `/api/auth/*`), mounted from this
 * declaration. `routes` are its paths the API documents (declared with `declareForeignRoute`):
 * their OpenAPI operations say who serves them.
 */
export interface MountedHandler {
  readonly prefix: string;
  readonly servedBy: string;
  readonly routes: readonly ApiRoute[];
  readonly app: () => Hono<AppEnv>;
}

export function declareMountedHandler(declaration: {
  prefix: string;
  servedBy: string;
  routes: readonly ApiRoute[];
  app: () => Hono<AppEnv>;
}): MountedHandler {
  const { prefix, servedBy } = declaration;
  const outside = declaration.routes.filter((route) => !route.path.startsWith(`${prefix}/`));
  if (outside.length > 0)
    throw new Error(
      `routes documented under ${prefix} lie outside it: ${outside.map((r) => r.path).join(", ")}`,
    );
  const routes = declaration.routes.map((route) => ({
    ...route,
    openapi: {
      ...route.openapi,
      description: `Served by ${servedBy}, mounted at ${prefix}/*.`,
      "x-served-by": servedBy,
    },
  }));
  return { ...declaration, routes };
}

const UUID = z.uuid();

/** A path id: anything but a uuid names nothing, so it answers 404 with the resource's sentence. */
export function pathId(notFoundMessage: string) {
  return pathParam((value) => UUID.safeParse(value).success, notFoundMessage).openapi({ format: "uuid" });
}

/** A path parameter whose malformed values answer 404 with `notFoundMessage`, never 400. */
export function pathParam(accepts: (value: string) => boolean, notFoundMessage: string) {
  return z.string().refine(accepts, { error: notFoundMessage, params: { notFound: true } });
}
