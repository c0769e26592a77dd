import type { IncomingMessage, ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "./context.ts";
import { HttpRefusal } from "./error-table.ts";
import { lingerAfterAnswer } from "./linger.ts";

/**
 * Request bodies are read only by the route that wants them, after its access check, through a
 * counter: past the route's limit the reading stops with 413, a body slower than the deadline
 * stops with 408, and the bytes every body in flight holds together are capped per process (503
 * once the budget is used up). Nothing is buffered ahead of the route, with or without
 * Content-Length.
 */

/** The bytes the bodies being read in this process hold together, against their budget. */
export class BodyBudget {
  private held = 0;
  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.held;
  }

  take(bytes: number): boolean {
    if (this.held + bytes > this.maxBytes) return false;
    this.held += bytes;
    return true;
  }

  give(bytes: number): void {
    this.held = Math.max(0, this.held - bytes);
  }
}

export interface BodyRules {
  /** The largest body the route at `path` takes, in bytes. */
  limitFor(path: string): number;
  /** How long a whole body may take to arrive, from the request's start. */
  readTimeoutMs: number;
  budget: BodyBudget;
}

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** The body is not read to its end: the connection is not reused (see `lingerAfterAnswer`). */
const CLOSE = { Connection: "close" };

export const tooLarge = (limit: number) =>
  new HttpRefusal(
    413,
    "PAYLOAD_TOO_LARGE",
    `The request body is too large: at most ${formatBytes(limit)} is accepted here.`,
    CLOSE,
  );

const tooSlow = (ms: number) =>
  new HttpRefusal(
    408,
    "REQUEST_TIMEOUT",
    `The request body did not arrive within ${Math.round(ms / 1000)} seconds. Please try again.`,
    CLOSE,
  );

const busy = () =>
  new HttpRefusal(
    503,
    "SERVER_BUSY",
    "The server is receiving too many requests at once. Please try again in a few seconds.",
    { ...CLOSE, "Retry-After": "5" },
  );

/** The client hung up before its body arrived: nobody is there to answer (logged as an abort). */
export const clientAborted = () =>
  // 499: nginx's code for this in logs; no client reads it.
  new HttpRefusal(
    499 as ContentfulStatusCode,
    "CLIENT_CLOSED_REQUEST",
    "The client closed the connection before its request arrived.",
  );

type ReadResult = Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>["read"]>>;

/** What `countedBody` reads the body from, one chunk at a time. */
interface BodySource {
  read(): Promise<ReadResult>;
  /** Stops waiting for a chunk (the body was refused): nothing of the source stays attached. */
  release(): void;
}

/**
 * Node's request itself, read one chunk per `read()`, nothing ahead. Not the fetch adapter's
 * web stream of it: building the adapter's request (as `new Request(raw, …)` did for every
 * request with a body) opens that stream at once, and the web stream asks for a first chunk as
 * it starts, so every refused body was read a little and copied through two streams, and each
 * request built two web streams and two `Request`s: the larger part of a refusal's cost in a
 * flood of bodies that never end.
 */
function incomingSource(incoming: IncomingMessage): BodySource {
  let detach = () => {};
  return {
    read: () =>
      new Promise((resolve, reject) => {
        const settle = () => {
          const chunk: Buffer | null = incoming.destroyed ? null : incoming.read();
          if (chunk !== null) {
            detach();
            resolve({ done: false, value: chunk });
          } else if (incoming.readableEnded) {
            detach();
            resolve({ done: true, value: undefined });
          } else if (incoming.destroyed) {
            detach();
            reject(incoming.errored ?? new Error("The client closed the connection."));
          }
        };
        detach = () => {
          incoming.off("readable", settle);
          incoming.off("end", settle);
          incoming.off("close", settle);
          incoming.off("error", settle);
          detach = () => {};
        };
        incoming.on("readable", settle);
        incoming.on("end", settle);
        incoming.on("close", settle);
        incoming.on("error", settle);
        settle();
      }),
    release: () => detach(),
  };
}

/** The fetch API request's own body (requests made in process, as app.request() in tests make them). */
function streamSource(request: Request): BodySource {
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  return {
    read: () => {
      reader ??= (request.body as ReadableStream<Uint8Array>).getReader();
      return reader.read();
    },
    release: () => {},
  };
}

/**
 * The body as the route reads it: counted, limited, against the deadline and the budget. The
 * source is read on the route's first read only: a body nobody reads (a 401) is not read
 * before the answer, and after it only as `lingerAfterAnswer` allows.
 */
function countedBody(source: BodySource, limit: number, rules: BodyRules) {
  const state = { refusal: null as HttpRefusal | null, ended: false, held: 0 };
  let expire: (refusal: HttpRefusal) => void = () => {};
  const deadline = new Promise<HttpRefusal>((resolve) => {
    expire = resolve;
  });
  const timer = setTimeout(() => expire(tooSlow(rules.readTimeoutMs)), rules.readTimeoutMs);
  timer.unref();
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (state.refusal) return controller.error(state.refusal);
        let next: ReadResult | HttpRefusal;
        try {
          // The source is never cancelled: that would destroy the connection the answer goes out on.
          next = await Promise.race([source.read(), deadline]);
        } catch {
          next = clientAborted();
        }
        if (next instanceof HttpRefusal) {
          source.release();
          state.refusal = next;
          return controller.error(next);
        }
        if (next.done) {
          state.ended = true;
          clearTimeout(timer);
          return controller.close();
        }
        const bytes = next.value.byteLength;
        const refusal =
          state.held + bytes > limit ? tooLarge(limit) : rules.budget.take(bytes) ? null : busy();
        if (refusal) {
          state.refusal = refusal;
          return controller.error(refusal);
        }
        state.held += bytes;
        controller.enqueue(next.value);
      },
    },
    { highWaterMark: 0 },
  );
  return {
    stream,
    state,
    release() {
      clearTimeout(timer);
      source.release();
      rules.budget.give(state.held);
      state.held = 0;
    },
  };
}

/** The answer, saying `Connection: close` (a copy where its headers cannot change). */
function closing(res: Response): Response {
  if (res.headers.get("connection") === "close") return res;
  try {
    res.headers.set("connection", "close");
    return res;
  } catch {
    const copy = new Response(res.body, res);
    copy.headers.set("connection", "close");
    return copy;
  }
}

/** The Node request and answer under the fetch API's (none in app.request() tests). */
function nodeConnection(env: unknown): { incoming?: IncomingMessage; outgoing?: ServerResponse } {
  return (env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined) ?? {};
}

/**
 * The body rules for every request. A declared Content-Length past the limit is refused before
 * anything is read; otherwise the body is counted as the route reads it, and an answer that
 * leaves it unread while it still arrives says `Connection: close` and lingers (see
 * `lingerAfterAnswer`).
 */
export function guardBodies(rules: BodyRules): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const raw = c.req.raw;
    const { incoming, outgoing } = nodeConnection(c.env);
    if (raw.method === "GET" || raw.method === "HEAD") return next();
    const limit = rules.limitFor(c.req.path);
    const declared = raw.headers.has("transfer-encoding") ? null : raw.headers.get("content-length");
    if (declared !== null && Number(declared) > limit) {
      const refusal = tooLarge(limit);
      if (incoming) lingerAfterAnswer(incoming, outgoing);
      return c.json(refusal.body, refusal.status, refusal.headers);
    }
    if (declared === "0") return next();
    const body = countedBody(incoming ? incomingSource(incoming) : streamSource(raw), limit, rules);
    // Built from the adapter's request's parts, not from it: that would open its body (see incomingSource).
    c.req.raw = new Request(raw.url, {
      method: raw.method,
      headers: raw.headers,
      signal: raw.signal,
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    try {
      await next();
    } finally {
      body.release();
    }
    const { refusal } = body.state;
    // Whatever the reader made of the refusal (the route's error, a library's own answer), it is the answer.
    if (refusal) {
      c.res = c.json(refusal.body, refusal.status, refusal.headers);
      // The reader's own answer may have said its length.
      c.res.headers.delete("content-length");
    }
    // A body left unread and still arriving is not read to its end: the answer closes the
    // connection, which lingers a little so that the client reads the answer.
    if (incoming && !body.state.ended && !incoming.complete) {
      c.res = closing(c.res);
      lingerAfterAnswer(incoming, outgoing);
    }
  };
}
