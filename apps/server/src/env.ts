import path from "node:path";
import { z } from "zod";
import { parseTrustProxy } from "./platform/trust-proxy.ts";
import { withSecretFiles } from "./env-files.ts";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");
const positiveInt = z.coerce.number().int().positive();
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

/** Every environment variable the server reads. docs/configuration.md lists every one (env-docs.test.ts holds them equal). */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: optionalText,
  TRUSTED_ORIGINS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalText,
  /**
   * The embedded database's page cache (PostgreSQL's shared_buffers) in MiB. It is resident from
   * the start, so it adds to the server's memory in full; raise it for a catalogue much larger
   * than the demo's. Ignored when DATABASE_URL is set.
   */
  EMBEDDED_CACHE_MB: z.coerce.number().int().min(1).max(1024).default(16),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  /**
   * Server processes sharing the port (node:cluster), PostgreSQL server only; unset: one per
   * core when DATABASE_URL is set, one on the embedded database (which only one process opens).
   */
  WORKERS: z.coerce.number().int().min(1).max(256).optional(),
  AUTH_SECRET: optionalText,
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt.default(60),
  AUTH_RATE_LIMIT_PER_IP: positiveInt.default(30),
  AUTH_RATE_LIMIT_PER_ACCOUNT: positiveInt.default(8),
  /**
   * Sign-in attempts on one account from every address together before each further one waits
   * (the same backoff); browsers the owner signed in from before pass.
   */
  AUTH_RATE_LIMIT_PER_ACCOUNT_ALL_ADDRESSES: positiveInt.default(20),
  ASSISTANT_RATE_LIMIT_PER_MINUTE: positiveInt.default(30),
  /** Sign-ups per address per window (the sign-in window). */
  SIGN_UP_RATE_LIMIT_PER_IP: positiveInt.default(10),
  /** Negotiation turns per minute, per shopper and per address: each may cost an LLM call. */
  NEGOTIATION_RATE_LIMIT_PER_MINUTE: positiveInt.default(20),
  NEGOTIATION_RATE_LIMIT_PER_IP_PER_MINUTE: positiveInt.default(60),
  /** MCP tool calls per minute per API key (anonymous agents: per address only). */
  MCP_RATE_LIMIT_PER_KEY_PER_MINUTE: positiveInt.default(60),
  MCP_RATE_LIMIT_PER_IP_PER_MINUTE: positiveInt.default(120),
  /** Carts an agent without an account may start per address per hour, and the hours one lasts unchanged. */
  AGENT_CARTS_PER_IP_PER_HOUR: positiveInt.default(20),
  AGENT_CART_TTL_HOURS: positiveInt.default(72),
  /**
   * Minutes an applied negotiated price holds in a cart; then it lapses and the cart shows
   * today's prices (a price change lapses it sooner).
   */
  APPLIED_OFFER_TTL_MINUTES: positiveInt.default(60),
  OAUTH_ACCESS_TOKEN_SECONDS: positiveInt.default(3600),
  OAUTH_REFRESH_TOKEN_SECONDS: positiveInt.default(30 * 24 * 3600),
  /** Catalogue answers kept in memory per process (0 turns the cache off), their megabytes, their longest life. */
  ANSWER_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  ANSWER_CACHE_MB: positiveInt.default(32),
  ANSWER_CACHE_MAX_AGE_SECONDS: positiveInt.default(300),
  /** Largest request body, in bytes, on every route but uploads. */
  BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
  UPLOAD_BODY_LIMIT_BYTES: positiveInt.default(10 * 1024 * 1024),
  /** Seconds a whole request body may take to arrive (then 408). */
  BODY_READ_TIMEOUT_SECONDS: positiveInt.default(60),
  /**
   * Bytes all request bodies being read may hold together, per server process (then 503 until
   * some are done): many slow or never-ending bodies cannot use up the memory.
   */
  BODY_MEMORY_LIMIT_BYTES: positiveInt.default(32 * 1024 * 1024),
  /**
   * Open realtime streams: per account and per address in the whole shop (counted in the database
   * every process shares), and in all per process (it guards the process's file descriptors).
   */
  REALTIME_STREAMS_PER_USER: positiveInt.default(5),
  REALTIME_STREAMS_PER_IP: positiveInt.default(20),
  REALTIME_STREAMS_TOTAL: positiveInt.default(500),
  /**
   * Proxies in front of the server whose X-Forwarded-For is believed: a number of hops, or
   * comma-separated addresses/CIDRs. Unset: the connection's own address, headers ignored.
   */
  TRUST_PROXY: optionalText.superRefine((value, ctx) => {
    try {
      parseTrustProxy(value);
    } catch (error) {
      ctx.addIssue({
        code: "custom",
        message: `must be a number of hops or addresses/CIDRs: ${(error as Error).message}`,
      });
    }
  }),
  SEED_ON_START: bool.default(true),
  /** The old open admin: any signed-in user may use /admin (a 'Demo shop' badge says so). */
  DEMO_MODE: bool.default(false),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  WEB_DIST_DIR: optionalText,
  /** The mail server (smtp://user:pass@host:port or smtps://...); unset: e-mails are kept in the merchant's outbox. */
  SMTP_URL: optionalText.superRefine((value, ctx) => {
    if (value === undefined) return;
    let protocol = "";
    try {
      protocol = new URL(value).protocol;
    } catch {}
    if (protocol !== "smtp:" && protocol !== "smtps:")
      ctx.addIssue({
        code: "custom",
        message: "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587",
      });
  }),
  /** The sender of every e-mail the shop sends. */
  MAIL_FROM: z
    .string()
    .trim()
    .min(3, "must be an address, e.g. Haggle <shop@example.com>")
    .default("Haggle <shop@localhost>"),
  /** Where new-order notices go (comma-separated); unset: every account holding the merchant role. */
  MERCHANT_EMAIL: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: "must be e-mail addresses, comma-separated" }))),
  /** Delivery attempts of one e-mail before it is given up as failed. */
  MAIL_MAX_ATTEMPTS: positiveInt.default(10),
  /** The wait after a first failed attempt, in seconds; it doubles after each (at most an hour). */
  MAIL_RETRY_SECONDS: z.coerce.number().positive().max(3600).default(30),
  AI_BASE_URL: optionalText,
  AI_API_KEY: optionalText,
  AI_MODEL: z.string().default("gpt-4o-mini"),
  AI_EMBEDDING_MODEL: optionalText,
  AI_TIMEOUT_MS: positiveInt.default(20_000),
  /** Pause between streamed words of the built-in voice, so replies read like typing. */
  STREAM_WORD_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(15),
  /**
   * Card payments through Stripe: all three keys, or none (manual payment only). The secret key
   * creates PaymentIntents and refunds, the webhook secret checks Stripe's signed events, the
   * publishable key loads the Payment Element in the browser.
   */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  /** Test-only: Stripe's API at another address (a local fake), e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: optionalText.pipe(
    z.url({ error: "must be a URL such as http://127.0.0.1:12111" }).optional(),
  ),
  /** Minutes a provider's payment (Stripe) may stay unpaid before its order is cancelled and its stock returned. */
  PAYMENT_TIMEOUT_MINUTES: positiveInt.default(30),
  /** How often each server process looks for orders not paid in time. */
  PAYMENT_EXPIRY_CHECK_SECONDS: positiveInt.default(60),
  /**
   * The Agentic Commerce Protocol at /acp (docs/decisions/0013-acp.md). With a signing secret,
   * every ACP request must carry Signature = base64url(HMAC-SHA256(secret, "<Timestamp>.<body>"))
   * and a Timestamp within the window; without one, the shopper's API key alone admits it.
   */
  ACP_SIGNING_SECRET: optionalText,
  ACP_SIGNATURE_MAX_AGE_SECONDS: positiveInt.default(300),
  /** ACP checkout requests per minute per shopper's API key. */
  ACP_RATE_LIMIT_PER_KEY_PER_MINUTE: positiveInt.default(120),
  /** Where order events (order_create, order_update) are POSTed, signed with ACP_WEBHOOK_SECRET. */
  ACP_WEBHOOK_URL: optionalText.pipe(
    z.url({ error: "must be a URL such as https://agent.example/webhooks" }).optional(),
  ),
  ACP_WEBHOOK_SECRET: optionalText,
  /** First wait after a refused delivery (doubling each time, at most an hour) and the attempts before giving up. */
  ACP_WEBHOOK_RETRY_SECONDS: z.coerce.number().positive().default(30),
  ACP_WEBHOOK_MAX_ATTEMPTS: positiveInt.default(8),
  /** How often each server process looks for order changes to announce and webhooks due. */
  ACP_WEBHOOK_POLL_MS: positiveInt.default(5000),
  /**
   * Tests only: the UCP platform profiles named in UCP-Agent may be plain http and on this
   * machine or a private network. Off, only https profiles on public addresses are fetched.
   */
  UCP_PROFILE_ALLOW_PRIVATE_HOSTS: bool.default(false),
  /**
   * The feed pushed to an agent platform hosting it (ACP's Feed API: PATCH <url>/feeds/<id>/products):
   * set with ACP_FEED_PUSH_FEED_ID to turn it on.
   */
  ACP_FEED_PUSH_URL: optionalText.pipe(
    z.url({ error: "must be a URL such as https://agent.example/acp" }).optional(),
  ),
  ACP_FEED_PUSH_FEED_ID: optionalText,
  ACP_FEED_PUSH_TOKEN: optionalText,
  ACP_FEED_PUSH_INTERVAL_SECONDS: z.coerce.number().positive().default(300),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});
export type Env = z.infer<typeof EnvSchema>;

/** The folder npm was started from: relative paths in the environment are read from there. */
export function invocationDir(): string {
  return process.env.INIT_CWD ?? process.cwd();
}

const STRIPE_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PUBLISHABLE_KEY"] as const;

/** Stripe needs its three keys together: the ones missing when only some are set. */
function missingStripeKeys(env: Env): string[] {
  const given = STRIPE_KEYS.filter((name) => env[name] !== undefined);
  if (given.length === 0) return [];
  return STRIPE_KEYS.filter((name) => env[name] === undefined).map(
    (name) =>
      `  ${name}: is required when ${given.join(" and ")} ${given.length === 1 ? "is" : "are"} set: Stripe needs all three keys`,
  );
}

/** The embedded database is opened by one process: WORKERS above 1 needs a PostgreSQL server. */
function embeddedWorkers(env: Env): string[] {
  if (env.DATABASE_URL !== undefined || (env.WORKERS ?? 1) <= 1) return [];
  return [
    `  WORKERS: ${env.WORKERS} server processes need DATABASE_URL (a PostgreSQL server): the embedded database in DATA_DIR can be opened by one process only. Unset WORKERS (or set it to 1), or set DATABASE_URL.`,
  ];
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const files = withSecretFiles(source);
  if (files.problems.length > 0) throw new Error(`Invalid configuration:\n${files.problems.join("\n")}`);
  const result = EnvSchema.safeParse(files.env);
  const lines = result.success
    ? [
        ...missingStripeKeys(result.data),
        ...embeddedWorkers(result.data),
        ...(result.data.ACP_FEED_PUSH_URL && !result.data.ACP_FEED_PUSH_FEED_ID
          ? ["  ACP_FEED_PUSH_FEED_ID: is required when ACP_FEED_PUSH_URL is set: the platform's feed id"]
          : []),
        ...(result.data.ACP_WEBHOOK_URL && !result.data.ACP_WEBHOOK_SECRET
          ? ["  ACP_WEBHOOK_SECRET: is required when ACP_WEBHOOK_URL is set: order webhooks are signed"]
          : []),
      ]
    : result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  if (!result.success || lines.length > 0) throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  const env = result.data;
  return { ...env, DATA_DIR: path.resolve(invocationDir(), env.DATA_DIR) };
}
