import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userRoles } from "../src/platform/db/schema.ts";
import { API_ROUTES } from "../src/app.ts";
import { ACP_API_VERSION } from "@haggle/contract/acp";
import { INVALID_API_KEY } from "../src/http/guard.ts";
import { ACCESS_LEVELS, type ApiRoute } from "../src/http/route.ts";
import { verifyEmail } from "./support/account-mail.ts";
import { HttpClient, uniqueEmail } from "./support/http-client.ts";
import { CHECKOUT_BODY, TEST_ADDRESS } from "./support/shop-fixtures.ts";
import { startTestServer, type TestServer } from "./support/test-server.ts";

/**
 * Every declared /api, /functions, /acp, /ucp and /mcp route (and ACP's discovery document) x {anonymous, shopper, other shopper,
 * merchant, admin}; the `api-key` routes also without a key, with a wrong key and with the
 * shopper's key. The expected answer comes from the route's declared access, so a route served without
 * a declaration (or declared without an access level) fails here by name, and its access rule
 * is checked the day it lands.
 */

const ADMIN_EMAIL = "matrix.admin@example.com";
const PASSWORD = "secret123";

type ActorName = "anonymous" | "shopper" | "other shopper" | "merchant" | "admin";
/** The owner goes last on every route, so the others probe its resources before it changes them. */
const ACTOR_ORDER: ActorName[] = ["anonymous", "other shopper", "merchant", "admin", "shopper"];

interface Fixtures {
  /** In the shopper's cart. */
  productId: string;
  /** Products the merchant edits and pairs, which no shopper has in a cart. */
  spareProductIds: [string, string, string];
  cartItemId: string;
  orderId: string;
  /** The shopper's saved address (made again when a route deleted it). */
  addressId: string;
  /** The shopper's API key for agents (made again when a route revoked it). */
  apiKeyId: string;
  negotiationId: string;
  /** Escalated by a shopper outside the matrix, so no actor's own calls can remove it. */
  approvalId: string;
  pairingId: string | null;
  globalRules: unknown;
}

interface Sample {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * A minimal valid request per route, so that a caller who passes the gate reaches the handler's
 * real work (and a 500 there is caught). Routes without an entry get `{}` (a 400 is fine).
 */
const SAMPLES: Record<string, (f: Fixtures) => Sample> = {
  "GET /api/products/:id": (f) => ({ params: { id: f.productId } }),
  "POST /api/cart/items": (f) => ({ body: { productId: f.productId, quantity: 1 } }),
  "PATCH /api/cart/items/:itemId": (f) => ({ params: { itemId: f.cartItemId }, body: { quantity: 2 } }),
  "DELETE /api/cart/items/:itemId": (f) => ({ params: { itemId: f.cartItemId } }),
  "POST /api/cart/merge": (f) => ({ body: { items: [{ productId: f.productId, quantity: 1 }] } }),
  "POST /api/checkout": () => ({ headers: { "idempotency-key": randomUUID() }, body: CHECKOUT_BODY }),
  "GET /api/checkout/shipping-options": () => ({ query: "?country=US&region=US-CA&postalCode=94105" }),
  "POST /api/addresses": () => ({ body: TEST_ADDRESS }),
  "PATCH /api/addresses/:id": (f) => ({ params: { id: f.addressId }, body: { line2: "Suite 5" } }),
  "DELETE /api/addresses/:id": (f) => ({ params: { id: f.addressId } }),
  "POST /api/account/api-keys": () => ({ body: { name: "Matrix agent" } }),
  "DELETE /api/account/api-keys/:id": (f) => ({ params: { id: f.apiKeyId } }),
  "POST /api/merchant/orders/:id/mark-paid": (f) => ({ params: { id: f.orderId } }),
  "POST /api/orders/:id/cancel": (f) => ({ params: { id: f.orderId } }),
  "POST /api/merchant/orders/:id/cancel": (f) => ({ params: { id: f.orderId } }),
  "POST /api/merchant/orders/:id/refund": (f) => ({ params: { id: f.orderId }, body: {} }),
  "GET /api/orders/:id": (f) => ({ params: { id: f.orderId } }),
  "GET /api/negotiations/:id": (f) => ({ params: { id: f.negotiationId } }),
  "POST /api/negotiations/:id/accept": (f) => ({ params: { id: f.negotiationId } }),
  "POST /functions/v1/negotiate-cart": (f) => ({
    body: { negotiationId: f.negotiationId, messages: [{ role: "user", content: "Could you do 5% off?" }] },
  }),
  "POST /functions/v1/shop-assistant": () => ({
    body: { messages: [{ role: "user", content: "running shoes under $100" }] },
  }),
  "POST /functions/v1/approve-negotiation": (f) => ({ body: { approvalId: f.approvalId, approved: true } }),
  "POST /api/merchant/try-ava": () => ({ body: { messages: ["Could you do 10% off?"] } }),
  "GET /api/merchant/approvals": () => ({ query: "?status=pending" }),
  "GET /api/merchant/dashboard": () => ({ query: "?days=30" }),
  "GET /api/merchant/products": () => ({ query: "?q=a&visibility=all" }),
  "GET /api/merchant/products/:id": (f) => ({ params: { id: f.spareProductIds[0] } }),
  "POST /api/merchant/products": () => ({
    body: {
      sku: `MATRIX-${randomUUID().slice(0, 8)}`,
      name: "Matrix Test Mug",
      brand: "Matrix",
      category: "Kitchen",
      price: 10,
      listPrice: 12.5,
      stockLevel: 5,
    },
  }),
  "PATCH /api/merchant/products/:id": (f) => ({
    params: { id: f.spareProductIds[0] },
    body: { stockLevel: 40 },
  }),
  // The current section saved back: a valid body that changes nothing later checks depend on.
  "PUT /api/merchant/config/:configType": (f) => ({
    params: { configType: "global_rules" },
    body: f.globalRules,
  }),
  "GET /api/merchant/pairings": () => ({ query: "?kind=cross_sell" }),
  "POST /api/merchant/pairings": (f) => ({
    body: { kind: "upsell", productId: f.spareProductIds[1], pairedProductId: f.spareProductIds[2] },
  }),
  "DELETE /api/merchant/pairings/:id": (f) => ({ params: { id: f.pairingId ?? randomUUID() } }),
  "PATCH /api/merchant/orders/:id": (f) => ({ params: { id: f.orderId }, body: { status: "processing" } }),
};

interface Actor {
  name: ActorName;
  http: HttpClient;
  email: string | null;
}

const docKey = (doc: Pick<ApiRoute, "method" | "path">) =>
  `${doc.method.toUpperCase()} ${doc.path.replace(/\{(\w+)\}/g, ":$1")}`;

/**
 * The concrete routes of the app; wildcards are middleware, better-auth's handler, the 404
 * catch-alls, the web app; ALL is a catch-all for the methods a path does not serve (/mcp's 405).
 */
function servedRoutes(app: TestServer["app"]) {
  const keys = new Set<string>();
  for (const route of app.routes)
    if (!route.path.includes("*") && route.method !== "ALL") keys.add(`${route.method} ${route.path}`);
  return keys;
}

const isMatrixRoute = (key: string) => {
  const path = key.slice(key.indexOf(" ") + 1);
  return (
    (path.startsWith("/api/") ||
      path.startsWith("/functions/") ||
      path.startsWith("/acp/") ||
      path.startsWith("/ucp/") ||
      path === "/.well-known/acp.json" ||
      path === "/mcp") &&
    !path.startsWith("/api/auth/")
  );
};

function cookieOf(http: HttpClient): string {
  // HttpClient keeps its cookie jar private; the realtime test client reads it the same way.
  const jar = (http as unknown as { cookies: Map<string, string> }).cookies;
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** One request as the actor; a streamed answer is read up to its status, then abandoned. */
async function send(actor: Actor, method: string, path: string, sample: Sample) {
  return (await sendForAnswer(actor, method, path, sample)).status;
}

async function sendForAnswer(actor: Actor, method: string, path: string, sample: Sample) {
  const headers: Record<string, string> = { origin: actor.http.baseUrl, ...sample.headers };
  const cookie = cookieOf(actor.http);
  if (cookie) headers.cookie = cookie;
  let body: string | undefined;
  if (method !== "GET" && method !== "DELETE") body = JSON.stringify(sample.body ?? {});
  else if (sample.body !== undefined) body = JSON.stringify(sample.body);
  if (body !== undefined) headers["content-type"] = "application/json";
  const controller = new AbortController();
  const res = await fetch(`${actor.http.baseUrl}${path}`, {
    method,
    headers,
    body,
    signal: controller.signal,
    redirect: "manual",
  });
  let text = "";
  if (res.headers.get("content-type")?.includes("text/event-stream")) controller.abort();
  else text = await res.text();
  return { status: res.status, text };
}

/** What is wrong with `status` for this actor on this route, or null when it is as declared. */
function mismatch(doc: Pick<ApiRoute, "access">, actor: ActorName, status: number): string | null {
  if (status >= 500) return `${status} (a server error)`;
  const gated = status === 401 || status === 403;
  // Without a key an `api-key-or-anonymous` route serves anyone, as an anonymous agent.
  if (doc.access === "public" || doc.access === "api-key-or-anonymous")
    return gated ? `${status}, but the route is ${doc.access}` : null;
  // The five actors carry no API key: a session cookie opens no `api-key` route.
  if (doc.access === "api-key") return status === 401 ? null : `${status}, expected 401 (no API key)`;
  if (actor === "anonymous") return status === 401 ? null : `${status}, expected 401`;
  if (doc.access === "signed-in" || doc.access === "owner") {
    const owned = doc.access === "owner";
    if (gated) return `${status}, expected to pass the sign-in gate`;
    if (owned && actor === "other shopper" && status !== 404) return `${status}, expected 404 (not theirs)`;
    if (owned && actor === "shopper" && status === 404) return "404 for the owner's own id";
    return null;
  }
  const allowed = doc.access === "merchant" ? "merchant" : "admin";
  if (actor === allowed) return gated ? `${status}, expected to pass the ${doc.access} gate` : null;
  return status === 403 ? null : `${status}, expected 403 (${doc.access} only)`;
}

describe("authorization matrix (embedded database)", () => {
  let server: TestServer;
  let actors: Record<ActorName, Actor>;
  let fixtures: Fixtures;
  let negotiationCartId = "";
  let adminId = "";

  async function signedUp(name: ActorName, email: string): Promise<Actor> {
    const http = new HttpClient(server.baseUrl);
    const res = await http.signUp(email, PASSWORD, `Matrix ${name}`);
    expect(res.status, `sign-up of ${name}`).toBe(200);
    return { name, http, email };
  }

  /**
   * The shopper's cart, cart line and negotiation as they stand now: earlier routes clear the
   * cart, check it out or replace the negotiation, and each route must address live resources.
   */
  async function refreshShopperState() {
    const shopper = actors.shopper.http;
    let cart = (await shopper.get("/api/cart")).json;
    if (cart.items.length === 0)
      cart = (await shopper.post("/api/cart/items", { productId: fixtures.productId })).json;
    fixtures.cartItemId = cart.items[0].id;
    const book = (await shopper.get("/api/addresses")).json as { id: string }[];
    fixtures.addressId = book[0]?.id ?? (await shopper.post("/api/addresses", TEST_ADDRESS)).json.id;
    const keys = (await shopper.get("/api/account/api-keys")).json as { id: string }[];
    fixtures.apiKeyId =
      keys[0]?.id ?? (await shopper.post("/api/account/api-keys", { name: "Matrix agent" })).json.id;
    const live =
      negotiationCartId === cart.id &&
      (await shopper.get(`/api/negotiations/${fixtures.negotiationId}`)).status === 200;
    if (!live) {
      const started = await shopper.post("/api/negotiations", {});
      expect(started.status).toBe(201);
      fixtures.negotiationId = started.json.id;
      negotiationCartId = cart.id;
    }
  }

  beforeAll(async () => {
    server = await startTestServer("embedded", { env: { ADMIN_EMAILS: ADMIN_EMAIL } });
    const catalogue = (await new HttpClient(server.baseUrl).get("/api/products?pageSize=200")).json.items as {
      id: string;
      price: number;
      stockLevel: number;
    }[];
    const stocked = catalogue.filter((p) => p.stockLevel >= 20).sort((a, b) => a.price - b.price);
    const cheap = stocked[0]!;
    const spare = stocked.slice(1, 4).map((p) => p.id) as [string, string, string];
    const nearFourHundred = [...stocked].sort(
      (a, b) => Math.abs(a.price - 400) - Math.abs(b.price - 400),
    )[0]!;

    actors = {
      anonymous: { name: "anonymous", http: new HttpClient(server.baseUrl), email: null },
      shopper: await signedUp("shopper", uniqueEmail("matrix.shopper")),
      "other shopper": await signedUp("other shopper", uniqueEmail("matrix.other")),
      merchant: await signedUp("merchant", uniqueEmail("matrix.merchant")),
      admin: await signedUp("admin", ADMIN_EMAIL),
    };
    // An ADMIN_EMAILS account is admin once its address is verified.
    await verifyEmail(actors.admin.http, server.baseUrl, ADMIN_EMAIL);
    // The merchant is not in ADMIN_EMAILS, so the role is granted in the database: the admin
    // routes must still refuse it.
    const merchantId = (await actors.merchant.http.get("/api/me")).json.user.id as string;
    await server.database.db.insert(userRoles).values({ userId: merchantId, role: "merchant" });
    adminId = (await actors.admin.http.get("/api/me")).json.user.id;

    const shopper = actors.shopper.http;
    await shopper.post("/api/cart/items", { productId: cheap.id });
    const order = await shopper.post("/api/checkout", CHECKOUT_BODY, { "idempotency-key": randomUUID() });
    expect(order.status).toBe(201);

    // An ask in the escalation band from a shopper outside the matrix: a real approval to decide.
    const escalating = new HttpClient(server.baseUrl);
    await escalating.signUp(uniqueEmail("matrix.escalating"), PASSWORD, "Matrix Escalating");
    await escalating.post("/api/cart/items", { productId: nearFourHundred.id });
    const escalated = (await escalating.post("/api/negotiations", {})).json.id as string;
    const turn = await escalating.say(escalated, "Could you do 20% off?");
    expect(turn.display).toMatch(/manager/i);
    const pending = (await actors.merchant.http.get("/api/merchant/approvals?status=pending")).json as {
      id: string;
      negotiationId: string;
    }[];
    const approval = pending.find((a) => a.negotiationId === escalated);
    expect(approval, "the escalated ask is pending").toBeDefined();

    const merchant = actors.merchant.http;
    const served = servedRoutes(server.app);
    let pairingId: string | null = null;
    if (served.has("POST /api/merchant/pairings")) {
      const pairing = await merchant.post("/api/merchant/pairings", {
        kind: "cross_sell",
        productId: spare[1],
        pairedProductId: spare[2],
      });
      expect(pairing.status).toBe(201);
      pairingId = pairing.json.id;
    }
    const config = served.has("GET /api/merchant/config")
      ? (await merchant.get("/api/merchant/config")).json
      : null;

    fixtures = {
      productId: cheap.id,
      spareProductIds: spare,
      cartItemId: "",
      orderId: order.json.id,
      addressId: "",
      apiKeyId: "",
      negotiationId: "",
      approvalId: approval!.id,
      pairingId,
      globalRules: config?.config?.global_rules ?? {},
    };
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it("declares every /api and /functions route with an access level, and serves every declared one", () => {
    const served = servedRoutes(server.app);
    const documented = new Map(API_ROUTES.map((doc) => [docKey(doc), doc]));
    const undocumented = [...served].filter((key) => isMatrixRoute(key) && !documented.has(key));
    expect(undocumented, "routes served without a declaration (declare them with their access)").toEqual([]);

    const accessless = API_ROUTES.filter(
      (doc) => !(ACCESS_LEVELS as readonly string[]).includes(doc.access as string),
    ).map(docKey);
    expect(accessless, "routes declared without an access level").toEqual([]);

    // better-auth serves /api/auth/* itself; its documented routes are requested in the test below.
    const betterAuth = new Set(
      server.app.routes.filter((r) => r.path === "/api/auth/*").map((r) => `${r.method} /api/auth/`),
    );
    const unserved = [...documented.keys()].filter((key) => {
      if (served.has(key)) return false;
      const [method, path] = key.split(" ") as [string, string];
      return !(path.startsWith("/api/auth/") && betterAuth.has(`${method} /api/auth/`));
    });
    expect(unserved, "declared routes no route serves").toEqual([]);

    // A shopper's route that takes an id addresses a cart line, an order or a negotiation: it
    // must be declared `owner`, so that another shopper's id is probed for its 404.
    const ownershipUndeclared = API_ROUTES.filter(
      (doc) => doc.access === "signed-in" && /\{\w+\}/.test(doc.path),
    ).map(docKey);
    expect(ownershipUndeclared, "signed-in routes taking an id must be declared `owner`").toEqual([]);

    const staleSamples = Object.keys(SAMPLES).filter((key) => !served.has(key));
    expect(staleSamples, "sample requests for routes that no longer exist").toEqual([]);
  });

  it("answers every route as its access class says, for each of the five actors", async () => {
    const served = servedRoutes(server.app);
    const documented = new Map(API_ROUTES.map((doc) => [docKey(doc), doc]));
    const routes = [...documented.keys()].filter((key) => isMatrixRoute(key) && served.has(key));
    expect(routes.length).toBeGreaterThan(20);
    const problems: string[] = [];
    const table: string[] = [];
    for (const key of routes) {
      const doc = documented.get(key)!;
      const [method, pattern] = key.split(" ") as [string, string];
      await refreshShopperState();
      const statuses: string[] = [];
      for (const name of ACTOR_ORDER) {
        const sample = SAMPLES[key]?.(fixtures) ?? {};
        const path = pattern.replace(/:(\w+)/g, (_, param: string) => {
          const value = sample.params?.[param];
          if (value) return encodeURIComponent(value);
          // Ownership can only be proved with the owner's real ids.
          if (doc.access === "owner") problems.push(`${key}: no sample id for :${param} of an owned route`);
          return randomUUID();
        });
        const status = await send(actors[name], method, `${path}${sample.query ?? ""}`, sample);
        statuses.push(`${name} ${status}`);
        const wrong = mismatch(doc, name, status);
        if (wrong) problems.push(`${key} (${doc.access}) as ${name}: ${wrong}`);
        // Assigning the role to oneself is the point of that function; undo it so the admin
        // stays a non-merchant for the merchant routes that follow.
        if (key === "POST /functions/v1/assign-merchant-role" && name === "admin") {
          await server.database.db
            .delete(userRoles)
            .where(and(eq(userRoles.userId, adminId), eq(userRoles.role, "merchant")));
        }
      }
      table.push(`${key} [${doc.access}]: ${statuses.join(", ")}`);
    }
    if (process.env.MATRIX_PRINT) console.log(table.join("\n"));
    expect(problems).toEqual([]);
    // Some 600 requests one after the other: about 10 s on a quiet machine, over 60 s at load 35.
  }, 240_000);

  it("serves better-auth's documented routes to everyone (they are the way in)", async () => {
    const authDocs = API_ROUTES.filter((doc) => doc.path.startsWith("/api/auth/"));
    expect(authDocs.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const doc of authDocs) {
      for (const name of ACTOR_ORDER) {
        const actor = actors[name];
        const own = actor.email ?? actors.shopper.email!;
        let as = actor;
        let body: unknown;
        if (doc.path === "/api/auth/sign-up/email")
          body = { email: uniqueEmail("matrix.new"), password: PASSWORD, name: "New" };
        if (doc.path === "/api/auth/sign-in/email") body = { email: own, password: PASSWORD };
        if (doc.path === "/api/auth/sign-out" && actor.email) {
          // Sign out a second session of the same account, so the actor stays signed in.
          const second = new HttpClient(server.baseUrl);
          expect((await second.signIn(actor.email, PASSWORD)).status).toBe(200);
          as = { ...actor, http: second };
        }
        const status = await send(as, doc.method.toUpperCase(), doc.path, { body });
        // Public for everyone, sign-out included: signing out without a session is a harmless 200.
        const wrong =
          status === 404 ? "404 (not served)" : mismatch({ ...doc, access: "public" }, name, status);
        if (wrong) problems.push(`${docKey(doc)} as ${name}: ${wrong}`);
      }
    }
    expect(problems).toEqual([]);
    expect((await actors.merchant.http.get("/api/me")).status, "sign-out ended only the second session").toBe(
      200,
    );
  });
  it("opens the api-key routes with the shopper's key only: none and a wrong one are 401 with their sentences", async () => {
    const keyRoutes = API_ROUTES.filter((doc) => doc.access === "api-key");
    expect(keyRoutes.length).toBeGreaterThan(0);
    const created = await actors.shopper.http.post("/api/account/api-keys", { name: "Matrix key routes" });
    expect(created.status).toBe(201);
    const key = created.json.key as string;
    const wrongKey = `hgl_${"0".repeat(40)}`;
    const sentence = (text: string) => {
      const body = JSON.parse(text) as { message?: string; error?: { message?: string }; content?: string };
      return body.message ?? body.error?.message ?? body.content;
    };
    const problems: string[] = [];
    for (const doc of keyRoutes) {
      const path = doc.path.replace(/\{(\w+)\}/g, () => `cs_${randomUUID()}`);
      const method = doc.method.toUpperCase();
      const headers = { "api-version": ACP_API_VERSION, "idempotency-key": randomUUID() };
      const as = actors.anonymous;
      const none = await sendForAnswer(as, method, path, { headers });
      if (none.status !== 401 || sentence(none.text) !== (doc.unauthenticated ?? "Not authenticated"))
        problems.push(`${docKey(doc)} without a key: ${none.status} ${none.text}`);
      const wrong = await sendForAnswer(as, method, path, {
        headers: { ...headers, authorization: `Bearer ${wrongKey}` },
      });
      if (wrong.status !== 401 || sentence(wrong.text) !== INVALID_API_KEY)
        problems.push(`${docKey(doc)} with a wrong key: ${wrong.status} ${wrong.text}`);
      const right = await sendForAnswer(as, method, path, {
        headers: { ...headers, authorization: `Bearer ${key}` },
      });
      if (right.status === 401 || right.status === 403 || right.status >= 500)
        problems.push(`${docKey(doc)} with the shopper's key: ${right.status} ${right.text}`);
    }
    expect(problems).toEqual([]);
  });
});
