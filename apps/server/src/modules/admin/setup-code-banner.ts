import type { Logger } from "../../platform/logger.ts";
import { startPeriodicJob } from "../../platform/jobs/periodic-job.ts";

/** How often an unclaimed shop prints its setup code again, so a scrolled-away log still shows it. */
export const SETUP_CODE_REMINDER_MS = 10 * 60_000;

/**
 * The setup code as a plain box (ASCII only, no colours: it reads the same in any terminal and
 * any log file), with what to do with it.
 */
export function setupCodeBanner(code: string, shopUrl: string): string {
  const lines = [
    "This shop has no admin yet.",
    "",
    `Setup code:  ${code}`,
    "",
    `1. Open ${shopUrl}/admin`,
    "2. Sign up (or sign in), then enter the setup code there.",
    "",
    "The code works once. A restart before then prints a new one.",
    "(Or set ADMIN_EMAILS.)",
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${"-".repeat(width + 4)}+`;
  return ["", rule, ...lines.map((line) => `|  ${line.padEnd(width)}  |`), rule, "", ""].join("\n");
}

/**
 * Prints the banner now and again every SETUP_CODE_REMINDER_MS while `unclaimed()` says the shop
 * still has no admin; stop() ends the reminders.
 */
export function announceSetupCode(options: {
  code: string;
  shopUrl: string;
  unclaimed: () => Promise<boolean>;
  write: (text: string) => unknown;
  logger: Logger;
  intervalMs?: number;
}) {
  const banner = setupCodeBanner(options.code, options.shopUrl);
  options.write(banner);
  let claimed = false;
  const job = startPeriodicJob({
    name: "setup-code-reminder",
    intervalMs: options.intervalMs ?? SETUP_CODE_REMINDER_MS,
    logger: options.logger,
    run: async () => {
      if (claimed) return;
      if (await options.unclaimed()) options.write(banner);
      else claimed = true;
    },
  });
  return job;
}
