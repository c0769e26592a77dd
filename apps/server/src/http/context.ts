import type { Context } from "hono";
import type { AiConfig } from "../platform/ai/openai-compatible.ts";
import type { Auth } from "../platform/auth.ts";
import type { Database } from "../platform/db/client.ts";
import type { Logger } from "../platform/logger.ts";
import type { EventBus } from "../platform/realtime/event-bus.ts";

export interface AppConfig {
  /** The built web app to serve (index.html + assets); null serves the API alone. */
  webDistDir: string | null;
  /** Accounts allowed to use /admin; empty means any signed-in user (demo mode). */
  adminEmails: string[];
  /** Origins whose cookie-authenticated mutations are accepted. */
  trustedOrigins: string[];
  authRateLimit: { windowSeconds: number; perIp: number; perAccount: number };
  /** Pause between streamed words of a reply (0 in tests). */
  streamWordDelayMs: number;
  /** Shopping-assistant requests per minute from one address. */
  assistantRateLimitPerMinute: number;
  /** Where uploaded product pictures are kept (DATA_DIR/uploads/images). */
  uploadsDir: string;
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
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    deps: AppDeps;
    /** undefined until looked up; null when nobody is signed in. */
    sessionUser: SessionUser | null | undefined;
  };
};

export type AppContext = Context<AppEnv>;
