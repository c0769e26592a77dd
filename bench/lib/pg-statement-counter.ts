import net from "node:net";

/**
 * A TCP proxy in front of a PostgreSQL server that counts the statements its clients run: each
 * simple query ('Q': BEGIN, COMMIT) and each extended-protocol Execute ('E'), and the Parse
 * messages ('P': a statement the server parses again). Read `counts` before and after the work.
 * `texts` lists each parsed or simple statement's text and each named statement's name as run.
 */
export interface StatementCounter {
  port: number;
  counts: { statements: number; parses: number };
  /** The text of every statement parsed or sent as a simple query, and the name of one run by name, in order (for a profile). */
  texts: string[];
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSS_ENC_REQUEST = 80877104;

/** Counts the messages a client sends; the first (startup, SSL or GSS requests) have no type byte. */
function frontendCounter(counts: StatementCounter["counts"], texts: string[]) {
  let pending: Buffer = Buffer.alloc(0);
  let startup = true;
  let parsedName = ""; // the statement a Parse just named: its Bind is listed by its text already
  return (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (startup) {
        if (pending.length < 8) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        startup = code === SSL_REQUEST || code === GSS_ENC_REQUEST;
        pending = pending.subarray(length);
        continue;
      }
      if (pending.length < 5) return;
      const length = pending.readInt32BE(1) + 1;
      if (pending.length < length) return;
      const type = String.fromCharCode(pending[0]!);
      if (type === "Q" || type === "E") counts.statements++;
      if (type === "P") counts.parses++;
      if (type === "Q") texts.push(pending.toString("utf8", 5, length - 1));
      if (type === "P") {
        const nameEnd = pending.indexOf(0, 5);
        parsedName = pending.toString("utf8", 5, nameEnd);
        texts.push(pending.toString("utf8", nameEnd + 1, pending.indexOf(0, nameEnd + 1)));
      }
      // A statement prepared earlier on this connection, run again by its name: listed by name.
      if (type === "B") {
        const portalEnd = pending.indexOf(0, 5);
        const name = pending.toString("utf8", portalEnd + 1, pending.indexOf(0, portalEnd + 1));
        if (name !== "" && name !== parsedName) texts.push(`[${name}]`);
        parsedName = "";
      }
      pending = pending.subarray(length);
    }
  };
}

/** Starts the proxy on `port`, forwarding to the server of `targetUrl`. */
export async function startStatementCounter(targetUrl: string, port: number): Promise<StatementCounter> {
  const target = new URL(targetUrl);
  const counts = { statements: 0, parses: 0 };
  const texts: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const count = frontendCounter(counts, texts);
    client.on("data", (chunk: Buffer) => {
      count(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port,
    counts,
    texts,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The URL of the same database through the proxy. */
export function throughCounter(url: string, counter: StatementCounter): string {
  const u = new URL(url);
  u.hostname = "127.0.0.1";
  u.port = String(counter.port);
  return u.toString();
}
