/**
 * The setup most server tests repeat: a test server per suite, the seeded catalogue, signed-up
 * shoppers with something in their cart, a merchant, a checkout. Each helper asserts what it
 * needs to succeed, so a test reads as the behaviour it checks.
 */
import { randomUUID } from "node:crypto";
import {
  type NegotiationResult,
  NegotiationResultSchema,
  splitNegotiationData,
} from "@haggle/contract/negotiation";
import type { Product } from "@haggle/contract/products";
import { afterAll, beforeAll, expect } from "vitest";
import { z } from "zod";
import { SEEDED_WITH_OPTIONS } from "../../src/platform/db/seed/catalogue-variants.ts";
import { verifyEmail } from "./account-mail.ts";
import { HttpClient, uniqueEmail } from "./http-client.ts";
import {
  type DbKind,
  FIXTURE_ADMIN_EMAIL,
  startTestServer,
  type TestServer,
  type TestServerOptions,
} from "./test-server.ts";

/** Dollars as whole cents, to compare money exactly. */
export const cents = (dollars: number) => Math.round(dollars * 100);

/** The NEGOTIATION_DATA block of a reply as the wire carries it (amounts in dollars), if any. */
export function wireResult(text: string): NegotiationResult | null {
  const { result } = splitNegotiationData(text);
  return result && z.encode(NegotiationResultSchema, result);
}

export interface Shop {
  server: TestServer;
  /**
   * The seeded products a test can put in a cart by product id alone: every product but the few
   * seeded with options (sizes, colours), which need a variant (empty when the shop is not seeded).
   */
  catalogue: Product[];
  /** Every seeded product, as GET /api/products lists them, those with options too. */
  everyProduct: Product[];
}

/** Every product of the shop (up to 200), as the shop lists them, those with options too. */
export async function loadEveryProduct(baseUrl: string): Promise<Product[]> {
  return (await new HttpClient(baseUrl).get("/api/products?pageSize=200")).json.items;
}

/**
 * The shop's products a test can put in a cart by product id alone (up to 200, as the shop lists
 * them): all but the few seeded with options (sizes, colours), which need a variant.
 */
export async function loadCatalogue(baseUrl: string): Promise<Product[]> {
  return (await loadEveryProduct(baseUrl)).filter((p) => !SEEDED_WITH_OPTIONS.includes(p.name));
}

/**
 * A test server for the suite this is called in: started before its tests, closed after them.
 * The fields are there once the suite's tests run (not while it is being declared).
 */
export function useShop(kind: DbKind, options: TestServerOptions = {}): Shop {
  const shop = {} as Shop;
  beforeAll(async () => {
    shop.server = await startTestServer(kind, options);
    shop.everyProduct = options.seed === false ? [] : await loadEveryProduct(shop.server.baseUrl);
    shop.catalogue = shop.everyProduct.filter((p) => !SEEDED_WITH_OPTIONS.includes(p.name));
  });
  afterAll(async () => {
    await shop.server?.close();
  });
  return shop;
}

/** The product priced nearest to `target` dollars among `products` (after skipping `skip` nearer ones). */
export function nearestPrice<T extends { price: number }>(
  products: readonly T[],
  target: number,
  skip = 0,
): T {
  const found = [...products].sort((a, b) => Math.abs(a.price - target) - Math.abs(b.price - target))[skip];
  if (!found) throw new Error(`no product near $${target}`);
  return found;
}

/** A newly signed-up shopper with their own cookies. */
export async function signUpShopper(
  baseUrl: string,
  name = "Test Shopper",
  email = uniqueEmail("shopper"),
): Promise<{ http: HttpClient; email: string }> {
  const http = new HttpClient(baseUrl);
  const res = await http.signUp(email, "secret123", name);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { http, email };
}

/** Puts each product once in the shopper's cart. */
export async function fillCart(http: HttpClient, products: readonly { id: string }[]): Promise<void> {
  for (const product of products) {
    const added = await http.post("/api/cart/items", { productId: product.id });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
  }
}

/** A newly signed-up shopper with each of `products` once in the cart. */
export async function shopperWithCart(baseUrl: string, products: readonly { id: string }[], name?: string) {
  const shopper = await signUpShopper(baseUrl, name);
  await fillCart(shopper.http, products);
  return shopper;
}

const admins = new Map<string, Promise<HttpClient>>();

/**
 * Forgets every signed-in admin: a later server may listen on an address an earlier one had,
 * with another database (the HTTP files share their worker's modules, so this runs after each).
 */
export function forgetShopAdmins(): void {
  admins.clear();
}

/**
 * The shop's admin by configuration (FIXTURE_ADMIN_EMAIL, in every test server's ADMIN_EMAILS),
 * signed in; one per server address.
 */
export function shopAdmin(baseUrl: string): Promise<HttpClient> {
  let admin = admins.get(baseUrl);
  if (!admin) {
    admin = (async () => {
      const http = new HttpClient(baseUrl);
      // Servers sharing one database share the account: sign up once, then sign in.
      if ((await http.signUp(FIXTURE_ADMIN_EMAIL, "fixture-admin-secret", "Fixture Admin")).status !== 200) {
        const signedIn = await http.signIn(FIXTURE_ADMIN_EMAIL, "fixture-admin-secret");
        expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
      }
      // An ADMIN_EMAILS address is admin once verified: open the link its sign-up e-mail carries.
      const me = await http.get("/api/me");
      if (!me.json.user?.emailVerified) await verifyEmail(http, baseUrl, FIXTURE_ADMIN_EMAIL);
      return http;
    })();
    admins.set(baseUrl, admin);
    admin.catch(() => admins.delete(baseUrl));
  }
  return admin;
}

/** The shop's admin gives the account with this e-mail a role, as on /admin. */
export async function grantRole(baseUrl: string, email: string, role: "merchant" | "admin"): Promise<void> {
  const granted = await (await shopAdmin(baseUrl)).post("/api/admin/roles", { email, role });
  expect([200, 201], JSON.stringify(granted.json)).toContain(granted.status);
}

/** A newly signed-up account that the shop's admin made a merchant. */
export async function signUpMerchant(baseUrl: string, name = "Mia Merchant"): Promise<HttpClient> {
  const { http, email } = await signUpShopper(baseUrl, name, uniqueEmail("merchant"));
  await grantRole(baseUrl, email, "merchant");
  return http;
}

/** POST /api/checkout with an Idempotency-Key (a fresh one unless given): the answer as it is. */
/** A valid shipping address for tests. */
export const TEST_ADDRESS = {
  name: "Test Shopper",
  line1: "1 Market Street",
  city: "San Francisco",
  region: "CA",
  postalCode: "94105",
  country: "US",
} as const;

/** The checkout body most tests send: the test address, paid manually. */
export const CHECKOUT_BODY = { address: TEST_ADDRESS, paymentMethod: "manual" } as const;

/** A checkout to Berlin (Germany: VAT where the shop taxes by place). */
export const BERLIN_CHECKOUT = {
  address: {
    name: "Lena Berg",
    line1: "Unter den Linden 1",
    city: "Berlin",
    postalCode: "10117",
    country: "DE",
  },
  paymentMethod: "manual",
} as const;

export function postCheckout(http: HttpClient, key: string = randomUUID(), body: unknown = CHECKOUT_BODY) {
  return http.post("/api/checkout", body, { "idempotency-key": key });
}

/** A checkout that must create the order: the order. */
export async function checkedOut(http: HttpClient) {
  const order = await postCheckout(http);
  expect(order.status, JSON.stringify(order.json)).toBe(201);
  return order.json;
}

/** Starts a negotiation for the shopper's cart: its id. */
export async function startNegotiation(http: HttpClient): Promise<string> {
  const started = await http.post("/api/negotiations", {});
  expect(started.status).toBe(201);
  return started.json.id as string;
}
