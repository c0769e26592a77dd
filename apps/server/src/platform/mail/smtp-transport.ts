import nodemailer from "nodemailer";

/** One message as the mail server receives it. */
export interface SmtpMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The Message-ID, so a message sent twice (a sender died after sending) reads as one. */
  messageId: string;
}

export interface MailTransport {
  send(message: SmtpMessage): Promise<void>;
  close(): void;
}

/** How long each step with the mail server may take before the attempt counts as failed. */
export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 30_000 };

/** SMTP_URL without its password, for the log. */
export function describeSmtpUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

/**
 * Sends over SMTP_URL (smtp://user:pass@host:port, STARTTLS when the server offers it; smtps://
 * for TLS from the start), one connection per message: the outbox sends rarely, and a stuck
 * connection never outlives its message's timeouts.
 */
export function createSmtpTransport(url: string, timeouts = SMTP_TIMEOUTS_MS): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close() {
      transporter.close();
    },
  };
}
