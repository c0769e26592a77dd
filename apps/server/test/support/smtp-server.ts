import { createServer, type Server, type Socket } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export const SMTP_USER = "shop";
export const SMTP_PASS = "smtp-secret";

export interface ReceivedMail {
  messageId: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtpServer {
  port: number;
  /** Every message accepted, in the order it arrived. */
  received: ReceivedMail[];
  /** Sign-ins refused (wrong user or password). */
  refusedLogins: number;
  close(): Promise<void>;
}

function addresses(field: ParsedMail["to"]): string {
  if (!field) return "";
  return (Array.isArray(field) ? field : [field]).map((a) => a.text).join(", ");
}

/**
 * A real SMTP server on 127.0.0.1:`port` (smtp-server), requiring the test's user and password,
 * without STARTTLS; each message is parsed (mailparser) into `received`. `delayMs` holds every
 * message before accepting it, so concurrent senders overlap.
 */
export async function startSmtpServer(
  port: number,
  options: { delayMs?: number } = {},
): Promise<TestSmtpServer> {
  const state = { received: [] as ReceivedMail[], refusedLogins: 0 };
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS)
        return callback(null, { user: auth.username });
      state.refusedLogins += 1;
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
          state.received.push({
            messageId: mail.messageId ?? "",
            to: addresses(mail.to),
            from: addresses(mail.from),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port,
    received: state.received,
    get refusedLogins() {
      return state.refusedLogins;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A mail server that accepts connections and never says a word: a sender talking to it waits
 * (until its greeting timeout). `connections` are the sockets it holds.
 */
export async function startSilentServer(port: number): Promise<{
  connections: Socket[];
  close(): Promise<void>;
}> {
  const connections: Socket[] = [];
  const server: Server = createServer((socket) => {
    connections.push(socket);
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return {
    connections,
    close: async () => {
      for (const socket of connections) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls `check` until it answers a value (not undefined/false), or fails after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
