import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { Queryable, Tx } from "../db/client.ts";
import type { MailSettings } from "./mail-settings.ts";
import { mailOutbox } from "../db/schema/mail.ts";
import { outboxOf } from "../db/outbox.ts";
import { rowPlaceholders } from "../db/prepared.ts";

export type MailRow = typeof mailOutbox.$inferSelect;

/** Notified (on commit) when a message is queued, so a sender in any process wakes at once. */
export const MAIL_CHANNEL = "haggle_mail";

export interface OutgoingMail {
  kind: string;
  /** One address or several, comma-separated. */
  to: string;
  /** The content; absent for a message rendered later from its order (see modules/mail/order-mail-render.store.ts). */
  subject?: string;
  html?: string;
  text?: string;
  orderId?: string | null;
  payload?: Record<string, unknown>;
}

/** What rendering a message wrote. */
export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

/**
 * Writes the message in the caller's transaction: it exists exactly when what it tells of
 * committed, and no mail server is reached here (the sender does that after the commit).
 */
export async function enqueueMail(tx: Tx, settings: MailSettings, mail: OutgoingMail): Promise<string> {
  const [id] = await enqueueMails(tx, settings, [mail]);
  if (!id) throw new Error("no outbox row returned");
  return id;
}

/** Several messages in one statement (and one notice to the senders); answers their ids. */
export async function enqueueMails(
  tx: Tx,
  settings: MailSettings,
  mails: readonly OutgoingMail[],
): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await tx
    .insert(mailOutbox)
    .values(mails.map((mail) => outboxRow(settings, mail)))
    .returning({ id: mailOutbox.id });
  await wakeMailSenders(tx, settings, rows[0]!.id);
  return rows.map((r) => r.id);
}

function outboxRow(settings: MailSettings, mail: OutgoingMail) {
  return {
    kind: mail.kind,
    to: mail.to,
    subject: mail.subject ?? null,
    html: mail.html ?? null,
    text: mail.text ?? null,
    payload: mail.payload ?? null,
    orderId: mail.orderId ?? null,
    status: settings.delivery === "smtp" ? "queued" : "kept",
  };
}

/**
 * These messages (at least one) as a write of a larger statement (the checkout's, with its
 * order): placeholders named `mail<i>_<column>` and their values (rowPlaceholders); the caller
 * runs it there, then wakeMailSenders.
 */
export function mailsWrite(settings: MailSettings, mails: readonly OutgoingMail[]) {
  const rows = mails.map((mail, i) => rowPlaceholders(outboxRow(settings, mail), `mail${i}_`));
  return {
    key: `mails:${rows.map((row) => row.shape).join(";")}`,
    build: (q: Queryable) =>
      q
        .insert(mailOutbox)
        .values(rows.map((row) => row.placeholders) as never)
        .returning({ id: mailOutbox.id }),
    values: Object.assign({}, ...rows.map((row) => row.values)) as Record<string, unknown>,
  };
}

/** After messages were written: when the shop sends mail, a sender in any process wakes on commit. */
export async function wakeMailSenders(tx: Tx, settings: MailSettings, payload: string): Promise<void> {
  if (settings.delivery === "smtp") await tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, ${payload})`);
}

/** The outbox's claim, status rules and retries, shared with every other outbox (see outboxOf). */
export const mailQueue = outboxOf(mailOutbox);

/**
 * Stores a message's rendered content unless another renderer got there first; answers the
 * message as stored (either way the same content: both rendered it from the same order).
 */
export async function saveRenderedMail(db: Queryable, id: string, content: MailContent): Promise<MailRow> {
  const [saved] = await db
    .update(mailOutbox)
    .set(content)
    .where(sql`${mailOutbox.id} = ${id} and ${mailOutbox.html} is null`)
    .returning();
  if (saved) return saved;
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`outbox message ${id} is gone`);
  return row;
}

/** A message that can never be sent (nothing to render it from): failed, with the reason. */
export async function giveUpMail(db: Queryable, id: string, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: "failed", lastError: error })
    .where(sql`${mailOutbox.id} = ${id} and ${mailOutbox.status} in ('queued', 'kept')`);
}

/** Every message, newest first, one page, with the count of all. */
export async function listMail(
  db: Queryable,
  query: { page: number; pageSize: number },
): Promise<{ rows: MailRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(mailOutbox),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** An order's messages, oldest first (tests and support read what an order sent). */
export async function listOrderMail(db: Queryable, orderId: string): Promise<MailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.orderId, orderId))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.kind));
}
