import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "../../src/app.ts";
import type { AppDeps } from "../../src/http/context.ts";
import { keepConnectionsAlive } from "../../src/http/keep-alive.ts";
import { type Database, type OpenOptions, openDatabase } from "../../src/platform/db/client.ts";
import { parseEnv } from "../../src/env.ts";
import { createLogger } from "../../src/platform/logger.ts";
import { startRuntime } from "../../src/server-runtime.ts";
import { outboxReader, registerAccountMailReader } from "./account-mail.ts";
import {
  migratedEmbeddedTemplate,
  migratedServerTemplate,
  seededServerTemplate,
  testDatabasePrefix,
} from "./database-templates.ts";
import { testPasswordHashing } from "./test-password-hashing.ts";

export type DbKind = "embedded" | "postgres";

/** The databases a suite runs on: always the embedded one, and the server when TEST_DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = process.env.TEST_DATABASE_URL ? ["embedded", "postgres"] : ["embedded"];

/**
 * A fresh database on the test server, dropped afterwards: a copy of the migrated template
 * (`seeded`: with what a first start seeds) unless `empty` (for tests of the migrations themselves).
 */
export async function createServerDatabase(
  options: { empty?: boolean; seeded?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `${testDatabasePrefix()}_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const template = options.empty
    ? null
    : options.seeded
      ? await seededServerTemplate(adminUrl)
      : await migratedServerTemplate(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The account every test server lists in ADMIN_EMAILS (besides the test's own): fixtures make
 * merchants through it, the way an owner would (see `shopAdmin` in shop-fixtures.ts).
 */
export const FIXTURE_ADMIN_EMAIL = "fixture.admin@haggle.test";

/**
 * Limits the test servers raise by default: suites sign up, negotiate and listen from one
 * address far faster than people do. Tests of these limits set their own values.
 */
export const TEST_LIMITS: Record<string, string> = {
  SIGN_UP_RATE_LIMIT_PER_IP: "100000",
  NEGOTIATION_RATE_LIMIT_PER_MINUTE: "100000",
  NEGOTIATION_RATE_LIMIT_PER_IP_PER_MINUTE: "100000",
  REALTIME_STREAMS_PER_IP: "1000",
};

/** ADMIN_EMAILS as the test asked for, plus the fixture admin unless the test wants none. */
export function withFixtureAdmin(env: Record<string, string> | undefined, bare = false): string {
  const own = env?.ADMIN_EMAILS ?? "";
  return bare ? own : [own, FIXTURE_ADMIN_EMAIL].filter(Boolean).join(",");
}

/** A migrated database of that kind (the embedded one in memory, a copy of the migrated template). */
export async function openTestDatabase(
  kind: DbKind,
  databaseUrl?: string,
  options: Pick<OpenOptions, "logQuery" | "statementTimeoutMs"> = {},
): Promise<Database> {
  return kind === "postgres"
    ? openDatabase({ databaseUrl, poolSize: 20, ...options })
    : openDatabase({ embeddedTemplate: await migratedEmbeddedTemplate(), ...options });
}

/** A fresh migrated database of that kind (its own on the test server), and how to drop it after closing. */
export async function openFreshTestDatabase(
  kind: DbKind,
  options: Pick<OpenOptions, "logQuery" | "statementTimeoutMs"> = {},
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === "embedded")
    return { database: await openTestDatabase(kind, undefined, options), drop: async () => {} };
  const created = await createServerDatabase();
  return { database: await openTestDatabase(kind, created.url, options), drop: created.drop };
}

/**
 * A fresh database (openFreshTestDatabase) for the enclosing `describe`: opened before its tests,
 * closed and dropped after them. Read `.database` inside the tests.
 */
export function useFreshTestDatabase(kind: DbKind): { readonly database: Database } {
  const held = {} as { database: Database; drop?: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(held, await openFreshTestDatabase(kind));
  });
  afterAll(async () => {
    await held.database?.close();
    await held.drop?.();
  });
  return held;
}

export interface TestServer {
  baseUrl: string;
  /** The one-time setup code the start printed (a `bare` server with no ADMIN_EMAILS), else null. */
  setupCode: string | null;
  database: Database;
  /** The application served, for tests that read its route table. */
  app: ReturnType<typeof createApp>;
  /** The dependencies the app was made with (its payment providers, its logger). */
  deps: AppDeps;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  seed?: boolean;
  /** Reuse a database (for several processes on one database); the caller closes it. */
  databaseUrl?: string;
  /**
   * The server as `npm start` runs it with no configuration: no fixture admin in ADMIN_EMAILS
   * (so the shop starts unclaimed, with a setup code) and the limits at their defaults.
   */
  bare?: boolean;
  /** An open database to serve (a restart on the same data); the caller closes it. */
  database?: Database;
}

export async function startTestServer(kind: DbKind, options: TestServerOptions = {}): Promise<TestServer> {
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl = options.databaseUrl;
  // A new database that the start would seed begins as a copy of a seeded template: the start
  // finds the shop seeded, as a restart would.
  const seeded = options.seed !== false && !databaseUrl && !options.database;
  if (kind === "postgres" && !databaseUrl && !options.database) {
    const created = await createServerDatabase({ seeded });
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
  const database =
    options.database ??
    (kind === "embedded" && seeded
      ? await openDatabase({ embeddedTemplate: await migratedEmbeddedTemplate("seeded") })
      : await openTestDatabase(kind, databaseUrl));
  const env = parseEnv({
    NODE_ENV: "test",
    PORT: "0",
    SEED_ON_START: options.seed === false ? "false" : "true",
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    STREAM_WORD_DELAY_MS: "0",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ...(options.bare ? {} : TEST_LIMITS),
    ...options.env,
    ADMIN_EMAILS: withFixtureAdmin(options.env, options.bare),
  });
  const logger = createLogger(env.LOG_LEVEL);
  // The port is known only after listening; better-auth needs the base URL, so bind first.
  type Fetch = (request: Request, bindings: unknown) => Response | Promise<Response>;
  let resolveFetch: (f: Fetch) => void = () => {};
  const fetchReady = new Promise<Fetch>((r) => {
    resolveFetch = r;
  });
  const server = serve({
    fetch: async (request, bindings) => (await fetchReady)(request, bindings),
    port: 0,
    hostname: "127.0.0.1",
  });
  keepConnectionsAlive(server as unknown as import("node:http").Server);
  await new Promise<void>((r) => server.once("listening", () => r()));
  const port = (server.address() as AddressInfo).port;
  const { deps, jobs, setupCode } = await startRuntime(
    { ...env, PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}` },
    logger,
    { database, passwordHashing: testPasswordHashing },
  );
  if (!options.env?.WEB_DIST_DIR) deps.config.webDistDir = null;
  const app = createApp(deps);
  resolveFetch(app.fetch as Fetch);
  jobs.start();
  const forgetReader = registerAccountMailReader(`http://127.0.0.1:${port}`, outboxReader(database.db));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    setupCode,
    database,
    app,
    deps,
    close: async () => {
      forgetReader();
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      await new Promise<void>((r) => server.close(() => r()));
      await jobs.stop();
      await deps.events.close();
      await deps.mailSender?.close();
      await deps.answers.close();
      if (!options.database) await database.close();
      await dropDatabase?.();
    },
  };
}
