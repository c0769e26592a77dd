/**
 * Requests take turns: each turn of the event loop starts at most `perTurn` of them, and the
 * others wait, in order, for the next turns. Without it, a flood of requests arriving together
 * (hundreds of bodies that never end, each answered 401) is all handled in one go: their
 * headers parsed, their middleware run to the refusal, hundreds of milliseconds in which the
 * process answers nothing else. In turns, the loop polls the network between batches, so a
 * liveness probe and the requests already under way (a database answer, a body's next chunk)
 * are served within one batch's time. The probes (`/healthz`, `/readyz`) skip the line: they
 * are cheap, and an orchestrator that does not hear from a busy process restarts it.
 */
export class RequestTurns {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  constructor(readonly perTurn: number) {}

  /** Requests waiting for a turn now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves when this request's turn comes: the loop's next turn, or a later one when that is full. */
  take(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(this.turn);
      }
    });
  }

  private readonly turn = () => {
    this.scheduled = false;
    for (const start of this.waiting.splice(0, this.perTurn)) start();
    if (this.waiting.length > 0) {
      this.scheduled = true;
      setImmediate(this.turn);
    }
  };
}

/** Requests started per turn of the event loop (each refusal costs well under a millisecond). */
export const REQUESTS_PER_TURN = 8;

const PROBES = new Set(["/healthz", "/readyz"]);

/** The probe paths, read from the raw URL without parsing it (no query string on a probe). */
function isProbe(request: Request): boolean {
  if (request.method !== "GET") return false;
  const url = request.url;
  const path = url.slice(url.indexOf("/", url.indexOf("//") + 2));
  return PROBES.has(path);
}

/** `fetch`, with every request but the probes waiting its turn. */
export function inTurns<A extends unknown[]>(
  fetch: (request: Request, ...rest: A) => Response | Promise<Response>,
  turns = new RequestTurns(REQUESTS_PER_TURN),
): (request: Request, ...rest: A) => Response | Promise<Response> {
  return (request, ...rest) => {
    if (isProbe(request)) return fetch(request, ...rest);
    return turns.take().then(() => fetch(request, ...rest));
  };
}
