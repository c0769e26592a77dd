import { randomBytes } from "node:crypto";
import path from "node:path";
import { createAuth, type PasswordHashing } from "./platform/auth.ts";
import { type Database, embeddedDatabaseExists, openDatabase } from "./platform/db/client.ts";
import { createShopDataInChild } from "./create-shop-data-child.ts";
import type { Env } from "./env.ts";
import { AnswerCache } from "./platform/cache/answer-cache.ts";
import { CatalogueAnswers, pushFeedChanges } from "./modules/catalog/index.ts";
import type { AppDeps } from "./http/context.ts";
import type { Logger } from "./platform/logger.ts";
import { EventBus } from "./platform/realtime/event-bus.ts";
import { SharedStreamSlots } from "./platform/realtime/stream-slots.ts";
import { readinessOf } from "./platform/lifecycle/readiness.ts";
import {
  adminEmailVerified,
  isAdminEmail,
  prepareAdminAccess,
  shopIsUnclaimed,
  announceSetupCode,
  seedIfEmpty,
} from "./modules/admin/index.ts";
import { sendAccountMail, MailSender } from "./modules/mail/index.ts";
import { createProfile, revokeAllApiKeys, revokeOAuthGrants } from "./modules/accounts/index.ts";
import { parseTrustProxy } from "./platform/trust-proxy.ts";
import { paymentProviders } from "./platform/payments/payment-providers.ts";
import type { MailSettings } from "./platform/mail/mail-settings.ts";
import { expireUnpaidOrders } from "./modules/payments/index.ts";
import { sendAcpWebhooks, pruneIdempotencyKeys } from "./modules/orders/index.ts";
import { refreshShopCurrency, storedAuthSecret } from "./modules/settings/index.ts";
import { type PeriodicJob, startPeriodicJob } from "./platform/jobs/periodic-job.ts";

export const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, "../../web/dist");

/**
 * The session secret: AUTH_SECRET when given, otherwise one generated on first start and kept
 * in the database, so restarts and every process sharing the database agree on it.
 */
async function sessionSecret(database: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return storedAuthSecret(database.db, randomBytes(32).toString("base64url"));
}

export function publicUrl(env: Pick<Env, "PUBLIC_URL" | "PORT">): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}

type RuntimeOverrides = {
  database?: Database;
  /** The one-time admin setup code to store (else a new one); one for every worker of a cluster. */
  setupCode?: string | undefined;
  /** Whether to print the setup code (only one worker of a cluster does). */
  announceSetupCode?: boolean;
  /** Where the setup code's banner is written: standard error unless a test listens. */
  writeBanner?: (text: string) => unknown;
  /** A cheaper password hash for the test servers (see AuthOptions.passwordHashing). */
  passwordHashing?: PasswordHashing;
};

type AdminPolicy = { demoMode: boolean; adminEmails: Env["ADMIN_EMAILS"] };

/** Opens the database, migrates, seeds an empty shop and wires the dependencies of createApp. */
export async function startRuntime(env: Env, logger: Logger, overrides: RuntimeOverrides = {}) {
  const started = performance.now();
  const database = await openShopDatabase(env, logger, overrides.database);
  if (!env.AUTH_SECRET)
    logger.warn("AUTH_SECRET is not set: using a generated secret stored in the database");
  const adminPolicy: AdminPolicy = { demoMode: env.DEMO_MODE, adminEmails: env.ADMIN_EMAILS };
  const admin = await prepareAdminAccess(database.db, adminPolicy, overrides.setupCode);
  logAdminAccess(admin, env, logger);
  const baseURL = publicUrl(env);
  const announcing = !env.DEMO_MODE && admin.setupCode !== null && overrides.announceSetupCode !== false;
  if (announcing && admin.setupCode) {
    logger.warn(
      { setupCode: admin.setupCode },
      `This shop has no admin yet. Sign up, open /admin and enter the setup code ${admin.setupCode} to become its admin. ` +
        "It works once; a restart before then prints a new one. (Or set ADMIN_EMAILS.)",
    );
  }
  const trustedOrigins = [
    ...new Set([
      baseURL,
      `http://localhost:${env.PORT}`,
      `http://127.0.0.1:${env.PORT}`,
      ...env.TRUSTED_ORIGINS,
    ]),
  ];
  const secret = await sessionSecret(database, env.AUTH_SECRET);
  const events = new EventBus(database, logger);
  const answers = catalogueAnswers(database, env, logger);
  await answers.start();
  await events.start();
  const ai = aiSettings(env, logger);
  const mail = mailSettings(env, baseURL, logger);
  const mailSender = await startMailSender(database, env, mail, logger);
  const stripe = await stripeFromEnv(env, logger);
  const deps: AppDeps = {
    database,
    auth: createAuth({
      db: database.db,
      secret,
      baseURL,
      trustedOrigins,
      oauth: {
        accessTokenSeconds: env.OAUTH_ACCESS_TOKEN_SECONDS,
        refreshTokenSeconds: env.OAUTH_REFRESH_TOKEN_SECONDS,
      },
      passwordHashing: overrides.passwordHashing,
      ...accountHooks(database, env, mail, adminPolicy, logger),
    }),
    logger,
    config: appConfig(env, baseURL, trustedOrigins),
    ai,
    events,
    streams: new SharedStreamSlots(database.db, logger),
    payments: paymentProviders(stripe ? [stripe] : []),
    mail,
    mailSender,
    answers,
    readiness: readinessOf(database),
  };
  const code = announcing ? admin.setupCode : null;
  const jobs = backgroundJobs(deps, env, () => setupCodeJobs(code, baseURL, database, logger, overrides));
  return { deps, jobs, setupCode: admin.setupCode, startupMs: Math.round(performance.now() - started) };
}

/**
 * The shop's database, migrated and (SEED_ON_START) seeded when empty. A first start on the
 * embedded database creates and seeds its folder in a process of its own
 * (create-shop-data.ts), which gives back all that work's memory when it ends.
 */
async function openShopDatabase(env: Env, logger: Logger, given: Database | undefined): Promise<Database> {
  const open = () =>
    openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      embeddedCacheMb: env.EMBEDDED_CACHE_MB,
      poolSize: env.DATABASE_POOL_SIZE,
    });
  const createdInChild =
    !given && !env.DATABASE_URL && env.DATA_DIR && !embeddedDatabaseExists(env.DATA_DIR)
      ? await createShopDataInChild(
          { dataDir: env.DATA_DIR, cacheMb: env.EMBEDDED_CACHE_MB, seed: env.SEED_ON_START },
          logger,
        )
      : null;
  if (createdInChild?.seeded)
    logger.info(createdInChild.seeded, "empty shop seeded with the catalogue and seller configuration");
  let database = given ?? (await open());
  logger.info(
    { db: database.kind, dataDir: database.kind === "embedded" ? env.DATA_DIR : undefined },
    database.kind === "embedded"
      ? "embedded PostgreSQL (PGlite) ready, migrations applied"
      : "PostgreSQL server ready, migrations applied",
  );
  if (!database.hasPgvector) {
    logger.warn(
      "pgvector is not available on this PostgreSQL server: embeddings are stored as real[] and ranked exactly in the server",
    );
  }
  // The seed writes its prices in the shop's currency: this process's must be the stored one first
  // (a process that served another shop before, as a test run does, may hold another).
  await refreshShopCurrency(database.db);
  if (env.SEED_ON_START) {
    const seeded = await seedIfEmpty(database.db);
    if (seeded) logger.info(seeded, "empty shop seeded with the catalogue and seller configuration");
    // When seeding happened here (the child above could not run), the embedded database's
    // thread holds the WebAssembly memory it grew, which never shrinks: reopen it.
    if (seeded && database.kind === "embedded" && env.DATA_DIR && !given) {
      await database.close();
      database = await open();
    }
  }
  // Work done outside a request (mail, webhooks, payment expiry) writes amounts in the shop's currency
  // too (read again only when the database was reopened above).
  await refreshShopCurrency(database.db);
  return database;
}

/** What preparing admin access changed or still waits for, in the log. */
function logAdminAccess(admin: Awaited<ReturnType<typeof prepareAdminAccess>>, env: Env, logger: Logger) {
  if (admin.demoRolesRevoked > 0)
    logger.warn(
      { revoked: admin.demoRolesRevoked },
      "demo mode is off: the roles granted in demo mode ended",
    );
  if (admin.demoSettingsReset)
    logger.warn(
      { sections: admin.demoSettingsReset.sections },
      "demo mode is off: the merchant settings changed in demo mode were put back (the admin page lists them)",
    );
  for (const email of admin.unverifiedAdmins)
    logger.warn(
      { email },
      `${email} is in ADMIN_EMAILS but its e-mail is not verified yet, so it is not admin: sign in as it and choose 'Resend verification e-mail' on /account${env.SMTP_URL ? "" : " (without SMTP_URL the link is written to this log)"}, or use 'Forgot password?' on the sign-in page.`,
    );
  if (env.DEMO_MODE) {
    logger.warn("DEMO_MODE is on: any signed-in user may use /admin and take the merchant role");
  }
}

function catalogueAnswers(database: Database, env: Env, logger: Logger): CatalogueAnswers {
  return new CatalogueAnswers(
    database,
    new AnswerCache({
      maxEntries: env.ANSWER_CACHE_ENTRIES,
      maxBytes: env.ANSWER_CACHE_MB * 1024 * 1024,
      maxAgeMs: env.ANSWER_CACHE_MAX_AGE_SECONDS * 1000,
    }),
    logger,
  );
}

/** The OpenAI-compatible server when AI_BASE_URL names one; null for the built-in engine. */
function aiSettings(env: Env, logger: Logger): AppDeps["ai"] {
  const ai = env.AI_BASE_URL
    ? {
        baseUrl: env.AI_BASE_URL,
        apiKey: env.AI_API_KEY,
        model: env.AI_MODEL,
        embeddingModel: env.AI_EMBEDDING_MODEL,
        timeoutMs: env.AI_TIMEOUT_MS,
      }
    : null;
  logger.info(
    ai ? { aiBaseUrl: ai.baseUrl, model: ai.model } : {},
    ai
      ? "AI: OpenAI-compatible server configured (built-in engine as fallback)"
      : "AI: built-in engine (no network)",
  );
  return ai;
}

function mailSettings(env: Env, baseURL: string, logger: Logger): MailSettings {
  return {
    delivery: env.SMTP_URL ? "smtp" : "keep",
    from: env.MAIL_FROM,
    merchantEmails: env.MERCHANT_EMAIL,
    publicUrl: baseURL,
    shopName: "Haggle",
    demoMode: env.DEMO_MODE,
    logger: logger.child({ module: "mail" }),
  };
}

/** The SMTP sender, started, when SMTP_URL is set; else null (e-mails stay in the outbox). */
async function startMailSender(
  database: Database,
  env: Env,
  mail: MailSettings,
  logger: Logger,
): Promise<MailSender | null> {
  let mailSender: MailSender | null = null;
  if (env.SMTP_URL) {
    // Loaded only when configured (as Stripe's client below): an idle shop without them is smaller.
    const { createSmtpTransport, describeSmtpUrl } = await import("./platform/mail/smtp-transport.ts");
    mailSender = new MailSender(database, createSmtpTransport(env.SMTP_URL), mail.logger, {
      from: env.MAIL_FROM,
      shop: mail,
      retry: { maxAttempts: env.MAIL_MAX_ATTEMPTS, baseMs: env.MAIL_RETRY_SECONDS * 1000, capMs: 3_600_000 },
    });
    await mailSender.start();
    logger.info({ smtp: describeSmtpUrl(env.SMTP_URL), from: env.MAIL_FROM }, "e-mail: sent over SMTP_URL");
  } else {
    logger.info("e-mail: SMTP_URL is not set; e-mails are kept in the merchant's outbox (/merchant/outbox)");
  }
  if (env.MERCHANT_EMAIL.length === 0)
    logger.info("MERCHANT_EMAIL is not set: new-order notices go to the accounts holding the merchant role");
  return mailSender;
}

/** Stripe's provider when its three keys are set; null for manual payment only. */
async function stripeFromEnv(env: Env, logger: Logger) {
  const stripe =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PUBLISHABLE_KEY
      ? (await import("./platform/payments/stripe-provider.ts")).stripeProvider({
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY,
          apiUrl: env.STRIPE_API_URL,
        })
      : null;
  logger.info(
    stripe
      ? "payments: manual and Stripe (card); Stripe's events are expected at /webhooks/stripe"
      : "payments: manual only (set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY for cards)",
  );
  return stripe;
}

/** What the accounts' life (sign-up, account e-mails, password reset, verification) does in the shop. */
function accountHooks(
  database: Database,
  env: Env,
  mail: MailSettings,
  adminPolicy: AdminPolicy,
  logger: Logger,
) {
  return {
    onUserCreated: (created: Parameters<typeof createProfile>[1]) => createProfile(database.db, created),
    sendAccountMail: async ({
      kind,
      user,
      token,
      expiresInMinutes,
    }: Parameters<Parameters<typeof createAuth>[0]["sendAccountMail"]>[0]) => {
      await sendAccountMail(database.db, mail, { kind, to: user, token, expiresInMinutes });
    },
    verificationNeedsSession: (email: string) => !env.DEMO_MODE && isAdminEmail(adminPolicy, email),
    onPasswordReset: async (user: { id: string }) => {
      const revoked =
        (await revokeAllApiKeys(database.db, user.id)) + (await revokeOAuthGrants(database.db, user.id));
      if (revoked > 0)
        logger.info(
          { userId: user.id, revoked },
          "password reset: the account's API keys and agents' OAuth grants were revoked",
        );
    },
    onEmailVerified: async (user: Parameters<typeof adminEmailVerified>[2]) => {
      if (await adminEmailVerified(database.db, adminPolicy, user))
        logger.info({ email: user.email }, "an ADMIN_EMAILS address was verified: its account is admin now");
    },
  };
}

/** The settings the app's routes read, from the environment. */
function appConfig(env: Env, baseURL: string, trustedOrigins: string[]): AppDeps["config"] {
  return {
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : DEFAULT_WEB_DIST,
    adminEmails: env.ADMIN_EMAILS,
    demoMode: env.DEMO_MODE,
    bodyLimit: {
      bytes: env.BODY_LIMIT_BYTES,
      uploadBytes: env.UPLOAD_BODY_LIMIT_BYTES,
      readTimeoutMs: env.BODY_READ_TIMEOUT_SECONDS * 1000,
      inFlightBytes: env.BODY_MEMORY_LIMIT_BYTES,
    },
    realtimeStreams: {
      perUser: env.REALTIME_STREAMS_PER_USER,
      perIp: env.REALTIME_STREAMS_PER_IP,
      total: env.REALTIME_STREAMS_TOTAL,
    },
    negotiationRateLimit: {
      perShopper: env.NEGOTIATION_RATE_LIMIT_PER_MINUTE,
      perIp: env.NEGOTIATION_RATE_LIMIT_PER_IP_PER_MINUTE,
    },
    mcpRateLimit: {
      perKey: env.MCP_RATE_LIMIT_PER_KEY_PER_MINUTE,
      perIp: env.MCP_RATE_LIMIT_PER_IP_PER_MINUTE,
    },
    agentCarts: { perIpPerHour: env.AGENT_CARTS_PER_IP_PER_HOUR, ttlHours: env.AGENT_CART_TTL_HOURS },
    signUpRateLimitPerIp: env.SIGN_UP_RATE_LIMIT_PER_IP,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    trustedOrigins,
    authRateLimit: {
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      perIp: env.AUTH_RATE_LIMIT_PER_IP,
      perAccount: env.AUTH_RATE_LIMIT_PER_ACCOUNT,
      perAccountAllAddresses: env.AUTH_RATE_LIMIT_PER_ACCOUNT_ALL_ADDRESSES,
    },
    appliedOfferTtlMinutes: env.APPLIED_OFFER_TTL_MINUTES,
    streamWordDelayMs: env.STREAM_WORD_DELAY_MS,
    assistantRateLimitPerMinute: env.ASSISTANT_RATE_LIMIT_PER_MINUTE,
    uploadsDir: path.join(env.DATA_DIR, "uploads", "images"),
    publicUrl: baseURL,
    acp: {
      signingSecret: env.ACP_SIGNING_SECRET ?? null,
      signatureMaxAgeSeconds: env.ACP_SIGNATURE_MAX_AGE_SECONDS,
      webhooks: env.ACP_WEBHOOK_URL !== undefined,
      ratePerKeyPerMinute: env.ACP_RATE_LIMIT_PER_KEY_PER_MINUTE,
    },
    ucp: { allowPrivateProfileHosts: env.UCP_PROFILE_ALLOW_PRIVATE_HOSTS },
  };
}

/**
 * The log's JSON line is easy to miss after the build's output: a plain box on standard error
 * too, again every ten minutes while nobody has claimed the shop.
 */
function setupCodeJobs(
  code: string | null,
  baseURL: string,
  database: Database,
  logger: Logger,
  overrides: RuntimeOverrides,
): PeriodicJob[] {
  return code
    ? [
        announceSetupCode({
          code,
          shopUrl: baseURL,
          unclaimed: () => shopIsUnclaimed(database.db),
          write: overrides.writeBanner ?? ((text) => process.stderr.write(text)),
          logger,
        }),
      ]
    : [];
}

/**
 * A periodic job that writes what it writes (mail, the feed, webhooks) in the shop's currency and
 * locale as they are now: this process reads them again (at most every 2 s) before each run, as a
 * request does, so a change made by another worker reaches a worker that serves no requests too.
 */
function shopJob(deps: AppDeps, options: Parameters<typeof startPeriodicJob>[0]): PeriodicJob {
  return startPeriodicJob({
    ...options,
    run: async () => {
      await refreshShopCurrency(deps.database.db);
      return await options.run();
    },
  });
}

/** The feed pushed to the agent platform hosting it, when ACP_FEED_PUSH_URL names one. */
function acpFeedPush(deps: AppDeps, env: Env): PeriodicJob[] {
  if (!env.ACP_FEED_PUSH_URL || !env.ACP_FEED_PUSH_FEED_ID) return [];
  const target = {
    url: env.ACP_FEED_PUSH_URL,
    feedId: env.ACP_FEED_PUSH_FEED_ID,
    token: env.ACP_FEED_PUSH_TOKEN,
  };
  return [
    shopJob(deps, {
      name: "acp-feed-push",
      intervalMs: env.ACP_FEED_PUSH_INTERVAL_SECONDS * 1000,
      logger: deps.logger,
      run: () => pushFeedChanges(deps.database.db, deps.mail, target, deps.logger),
    }),
  ];
}

/**
 * The jobs every server process runs once it serves (`start`), stopped before the database closes
 * (`stop` waits for a run in progress). Each is safe with several processes on one database.
 */
function backgroundJobs(deps: AppDeps, env: Env, more: () => PeriodicJob[]) {
  let running: PeriodicJob[] = [];
  return {
    start() {
      if (running.length > 0) return;
      running = [
        ...more(),
        shopJob(deps, {
          name: "unpaid-order-expiry",
          intervalMs: env.PAYMENT_EXPIRY_CHECK_SECONDS * 1000,
          logger: deps.logger,
          run: async () => {
            const run = await expireUnpaidOrders(deps.database.db, deps.payments, {
              timeoutMinutes: env.PAYMENT_TIMEOUT_MINUTES,
              logger: deps.logger,
            });
            if (run.cancelled.length > 0)
              deps.logger.info(
                { cancelled: run.cancelled },
                "orders not paid in time were cancelled, their stock returned",
              );
          },
        }),
        // ACP Idempotency-Key records are kept two days (the spec asks at least one).
        shopJob(deps, {
          name: "acp-idempotency-prune",
          intervalMs: 3_600_000,
          logger: deps.logger,
          run: () => pruneIdempotencyKeys(deps.database.db, 48),
        }),
        ...acpFeedPush(deps, env),
        ...(env.ACP_WEBHOOK_URL && env.ACP_WEBHOOK_SECRET
          ? [
              shopJob(deps, {
                name: "acp-webhooks",
                intervalMs: env.ACP_WEBHOOK_POLL_MS,
                logger: deps.logger,
                run: () =>
                  sendAcpWebhooks(
                    deps.database.db,
                    {
                      url: env.ACP_WEBHOOK_URL!,
                      secret: env.ACP_WEBHOOK_SECRET!,
                      publicUrl: deps.config.publicUrl,
                      retry: {
                        baseMs: env.ACP_WEBHOOK_RETRY_SECONDS * 1000,
                        capMs: 3_600_000,
                        maxAttempts: env.ACP_WEBHOOK_MAX_ATTEMPTS,
                      },
                    },
                    deps.logger,
                  ),
              }),
            ]
          : []),
      ];
    },
    async stop() {
      const stopping = running;
      running = [];
      await Promise.all(stopping.map((job) => job.stop()));
    },
  };
}
