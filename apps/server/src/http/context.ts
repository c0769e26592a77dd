import type { Context } from "hono";
import type { AiConfig } from "../platform/ai/openai-compatible.ts";
import type { Auth } from "../platform/auth.ts";
import type { TrustProxy } from "../platform/trust-proxy.ts";
import type { Database } from "../platform/db/client.ts";
import type { Logger } from "../platform/logger.ts";
import type { MailSettings } from "../platform/mail/mail-settings.ts";
import type { EventBus } from "../platform/realtime/event-bus.ts";
import type { SharedStreamSlots } from "../platform/realtime/stream-slots.ts";
import type { PaymentProviders } from "../platform/payments/payment-provider.ts";
import type { AnswerCache } from "../platform/cache/answer-cache.ts";
import type { Db } from "../platform/db/client.ts";
import type { PolicyPage } from "@haggle/contract/policies";
import type { ProductList, ProductPage, ProductQuery } from "@haggle/contract/products";
import type { Readiness } from "../platform/lifecycle/readiness.ts";

export interface AppConfig {
  /** The built web app to serve (index.html + assets); null serves the API alone. */
  webDistDir: string | null;
  /** Accounts that are admins by configuration (ADMIN_EMAILS, lower case). */
  adminEmails: string[];
  /** DEMO_MODE: any signed-in user may use /admin; roles granted meanwhile end with it. */
  demoMode: boolean;
  /** Largest request body in bytes: uploads, and every other route. */
  /**
   * Request bodies: the largest (uploads, every other route), how long one may take to arrive,
   * and the bytes all bodies being read in this process may hold together.
   */
  bodyLimit: { bytes: number; uploadBytes: number; readTimeoutMs: number; inFlightBytes: number };
  /**
   * Open realtime streams allowed per account and per address in the whole shop (every process),
   * and in all for this process.
   */
  realtimeStreams: { perUser: number; perIp: number; total: number };
  /** Negotiation turns per minute, per shopper and per address. */
  negotiationRateLimit: { perShopper: number; perIp: number };
  /** MCP tool calls per minute, per API key and per address (MCP_RATE_LIMIT_*). */
  mcpRateLimit: { perKey: number; perIp: number };
  /** Carts agents fill without an account: started per address per hour, hours one lasts (AGENT_CART*). */
  agentCarts: { perIpPerHour: number; ttlHours: number };
  /** Sign-ups per address per sign-in window. */
  signUpRateLimitPerIp: number;
  /** Whose X-Forwarded-For is believed (TRUST_PROXY); null: only the connection's address. */
  trustProxy: TrustProxy | null;
  /** Origins whose cookie-authenticated mutations are accepted. */
  trustedOrigins: string[];
  /**
   * Sign-in limits: per address per window; failures of one account from one address before
   * backoff; attempts on one account from every address before backoff (known devices pass).
   */
  authRateLimit: { windowSeconds: number; perIp: number; perAccount: number; perAccountAllAddresses: number };
  /** Minutes an applied negotiated price holds in a cart (APPLIED_OFFER_TTL_MINUTES). */
  appliedOfferTtlMinutes: number;
  /** Pause between streamed words of a reply (0 in tests). */
  streamWordDelayMs: number;
  /** Shopping-assistant requests per minute from one address. */
  assistantRateLimitPerMinute: number;
  /** Where uploaded product pictures are kept (DATA_DIR/uploads/images). */
  uploadsDir: string;
  /** ACP (ACP_*): the request-signing secret and its window; whether order webhooks are sent. */
  acp: {
    signingSecret: string | null;
    signatureMaxAgeSeconds: number;
    webhooks: boolean;
    ratePerKeyPerMinute: number;
  };
  /** UCP: whether platform profiles on private addresses or plain http are fetched (tests only). */
  ucp: { allowPrivateProfileHosts: boolean };
  /** The shop's own address (PUBLIC_URL, no trailing slash): absolute links in robots.txt and the sitemap. */
  publicUrl: string;
}

export interface AppDeps {
  database: Database;
  auth: Auth;
  logger: Logger;
  config: AppConfig;
  /** The OpenAI-compatible server, when AI_BASE_URL is set; null means the built-in engine. */
  ai: AiConfig | null;
  /** Realtime events from every process sharing the database. */
  events: EventBus;
  /** Open realtime streams against their caps: per account and address in the shop, in all per process. */
  streams: SharedStreamSlots;
  /** The payment providers the shop takes (manual always). */
  payments: PaymentProviders;
  /** How e-mail is handled: queued for SMTP_URL, or kept in the merchant's outbox. */
  mail: MailSettings;
  /** The job delivering queued e-mail (SMTP_URL set), stopped with the server; null without SMTP_URL. */
  mailSender: { close(): Promise<void> } | null;
  /** Catalogue answers kept in memory, forgotten when the catalogue changes (ANSWER_CACHE_*). */
  answers: KeptAnswers;
  /** Whether this process takes traffic (GET /readyz); drained on SIGTERM, ending realtime streams. */
  readiness: Readiness;
}

/**
 * The catalogue's kept answers (the catalog module's CatalogueAnswers) as http/ uses them: the
 * cache, computing an answer against the catalogue version, and the look after a write.
 */
export interface KeptAnswers {
  readonly cache: AnswerCache;
  compute<T>(compute: () => Promise<T>): Promise<{ value: T; generation: number }>;
  afterWrite(): Promise<void>;
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What http/ asks of the modules, handed in by app.ts when it builds the app: http/ sits below
 * the modules and imports none of them (the guard's role checks, the product pages the server
 * renders and the product paths it serves).
 */
export interface ModuleHooks {
  /** Whether the account holds the merchant role (in demo mode, anyone signed in). */
  isMerchant(db: Db, userId: string, demoMode: boolean): Promise<boolean>;
  /** Whether the account is one of the shop's administrators under this policy. */
  isShopAdmin(
    db: Db,
    policy: { demoMode: boolean; adminEmails: readonly string[] },
    who: SessionUser,
  ): Promise<boolean>;
  /** The shopper an agent's API key (`hgl_…`) belongs to, and the key's id; null for an unknown or revoked key. */
  authenticateApiKey(
    db: Db,
    key: string,
  ): Promise<{ keyId: string; shopper: { id: string; email: string; name: string } } | null>;
  /**
   * The shopper and grant an agent's OAuth access token (a JWT of the shop's authorization
   * server, bound to `expected.audience`) stands for; null for anything else or a revoked grant.
   */
  authenticateAccessToken(
    db: Db,
    token: string,
    expected: { issuer: string; audience: string },
  ): Promise<{
    clientId: string;
    scopes: string[];
    shopper: { id: string; email: string; name: string };
  } | null>;
  /** A product path's slug (from its slug or id) while the product is visible, else null. */
  resolveProductSlug(db: Db, slugOrId: string): Promise<string | null>;
  /** The catalogue's page for a query, as GET /api/products answers it. */
  listProducts(db: Db, query: ProductQuery): Promise<ProductList>;
  /** A product's page, as GET /api/products/by-slug/{slug} answers it. */
  getProductPage(db: Db, slugOrId: string): Promise<ProductPage | null>;
  /** A published policy page (`returns`, …), as GET /api/policies/{kind} answers it, else null. */
  findPolicyPage(db: Db, kind: string): Promise<PolicyPage | null>;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** Whether the address was proven (its verification link, or a password reset sent to it). */
  emailVerified: boolean;
}

export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    deps: AppDeps;
    /** What http/ asks of the modules (app.ts hands it in). */
    modules: ModuleHooks;
    /** undefined until looked up; null when nobody is signed in. */
    sessionUser: SessionUser | null | undefined;
  };
};

export type AppContext = Context<AppEnv>;
