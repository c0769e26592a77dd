import type { MailRetryPolicy } from "@haggle/domain/mail/mail-retry";
import type { Database } from "../../platform/db/client.ts";
import type { Logger } from "../../platform/logger.ts";
import type { MailSettings } from "../../platform/mail/mail-settings.ts";
import type { MailTransport } from "../../platform/mail/smtp-transport.ts";
import { renderOrderMailRow } from "./order-mail-render.store.ts";
import { MAIL_CHANNEL, type MailRow, mailQueue } from "../../platform/mail/outbox.store.ts";

export interface MailSenderOptions {
  from: string;
  /** The shop's name and address, for order e-mails rendered here before their first attempt. */
  shop: Pick<MailSettings, "shopName" | "publicUrl">;
  retry: MailRetryPolicy;
  /** How long a claimed message belongs to its sender (longer than any send may take). */
  leaseMs?: number;
  /** Messages claimed at a time. */
  batchSize?: number;
  /** Longest sleep between looks at the outbox when nothing wakes the sender. */
  idleMs?: number;
  /** How long close() waits for a message being sent before it lets go. */
  closeWaitMs?: number;
}

function errorText(error: unknown): string {
  const e = error as { message?: unknown; code?: unknown; responseCode?: unknown };
  const text = typeof e?.message === "string" ? e.message : String(error);
  const code = typeof e?.code === "string" ? `${e.code}: ` : "";
  return `${code}${text}`.slice(0, 1000);
}

/**
 * The background job that delivers queued e-mail over SMTP (SMTP_URL). It wakes when a message
 * is queued in any process sharing the database (NOTIFY on commit), when a retry falls due, and
 * at least every idleMs; it claims messages with FOR UPDATE SKIP LOCKED, so several processes
 * deliver each message once. Sending happens outside any transaction: a slow or dead mail server
 * never holds the database, and never a checkout. close() stops it; its timers never keep the
 * process alive.
 */
export class MailSender {
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly idleMs: number;
  private readonly closeWaitMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private unlisten: (() => Promise<void>) | null = null;
  /** Messages this sender delivered (tests count them). */
  delivered = 0;

  constructor(
    private readonly database: Database,
    private readonly transport: MailTransport,
    private readonly logger: Logger,
    private readonly options: MailSenderOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 10 * 60_000;
    this.batchSize = options.batchSize ?? 10;
    this.idleMs = options.idleMs ?? 60_000;
    this.closeWaitMs = options.closeWaitMs ?? 5_000;
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(MAIL_CHANNEL, () => this.wake());
    this.wake();
  }

  /** Looks at the outbox now (or right after the look under way). */
  wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Resolves once the look under way (if any) has finished. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    let nextLookMs = this.idleMs;
    try {
      while (!this.closed) {
        const batch = await mailQueue.claimDue(this.database.db, this.batchSize, this.leaseMs);
        if (batch.length === 0) break;
        for (const [i, row] of batch.entries()) {
          if (this.closed) {
            await this.release(batch.slice(i));
            return;
          }
          await this.deliver(row);
        }
      }
      if (this.closed) return;
      const due = await mailQueue.msUntilNextDue(this.database.db);
      if (due !== null) nextLookMs = Math.min(due, this.idleMs);
    } catch (error) {
      if (this.closed) return;
      this.logger.warn({ err: error }, "the e-mail sender could not read the outbox; it looks again shortly");
      nextLookMs = Math.min(5_000, this.idleMs);
    }
    this.schedule(nextLookMs);
  }

  private schedule(ms: number) {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), Math.max(ms, 20));
    this.timer.unref();
  }

  private async deliver(row: MailRow): Promise<void> {
    let failure: string | null = null;
    try {
      // An order e-mail is written bare at checkout and rendered here, once, before its first attempt.
      const mail = await renderOrderMailRow(this.database.db, this.options.shop, row);
      if (!mail) {
        this.logger.error({ mailId: row.id, kind: row.kind }, "e-mail given up: nothing to write it from");
        return;
      }
      await this.transport.send({
        from: this.options.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: `<${row.id}@haggle.outbox>`,
      });
    } catch (error) {
      failure = errorText(error);
    }
    if (failure === null) {
      this.delivered += 1;
      const recorded = await mailQueue.markSent(this.database.db, row.id, row.attempts);
      if (!recorded)
        this.logger.warn(
          { mailId: row.id },
          "an e-mail was sent after its claim ran out; it may arrive twice",
        );
      else this.logger.info({ mailId: row.id, kind: row.kind, attempts: row.attempts }, "e-mail sent");
      return;
    }
    const next = await mailQueue.markFailed(
      this.database.db,
      row.id,
      row.attempts,
      failure,
      this.options.retry,
    );
    if (next.status === "failed")
      this.logger.error(
        { mailId: row.id, kind: row.kind, attempts: row.attempts, error: failure },
        "e-mail given up after its last attempt",
      );
    else
      this.logger.warn(
        { mailId: row.id, kind: row.kind, attempts: row.attempts, retryInMs: next.retryInMs, error: failure },
        "e-mail not sent; it is tried again later",
      );
  }

  /** Claimed messages this sender will not send (it is closing) are due again at once, their claim uncounted. */
  private async release(rows: MailRow[]): Promise<void> {
    for (const row of rows) await mailQueue.release(this.database.db, row.id, row.attempts);
  }

  /** Stops looking, waits (briefly) for a message being sent, and closes the transport. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => {});
    const running = this.running;
    if (running) {
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        running.catch(() => {}),
        new Promise<void>((resolve) => {
          timeout = setTimeout(resolve, this.closeWaitMs);
          timeout.unref();
        }),
      ]);
      clearTimeout(timeout);
    }
    this.transport.close();
  }
}
