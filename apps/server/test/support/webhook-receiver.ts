import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  /** The Request-Id header: the same event keeps it on every attempt. */
  requestId: string;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests assert on the event's fields.
  event: any;
  signature: string;
  /** Whether the Merchant-Signature matched the body under the shared secret. */
  signatureValid: boolean;
  /** The status this receiver answered. */
  answered: number;
}

/** Checks `t=<unix>,v1=<hex>` against HMAC-SHA256(secret, "<t>.<raw body>"). */
export function merchantSignatureValid(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2) as [string, string]));
  if (!parts.t || !parts.v1) return false;
  const expected = createHmac("sha256", secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** An agent platform's webhook endpoint over real HTTP: records every delivery, fails on demand. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private server: Server | null = null;
  /** Deliveries about a checkout session still to refuse with 500. */
  private readonly failures = new Map<string, number>();
  url = "";

  constructor(private readonly secret: string) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        let event: unknown = null;
        try {
          event = JSON.parse(body);
        } catch {
          // recorded as is
        }
        const signature = String(req.headers["merchant-signature"] ?? "");
        const valid = merchantSignatureValid(this.secret, signature, body);
        const session =
          (event as { data?: { checkout_session_id?: string } } | null)?.data?.checkout_session_id ?? "";
        const left = this.failures.get(session) ?? 0;
        const answered = !valid ? 401 : left > 0 ? 500 : 200;
        if (left > 0) this.failures.set(session, left - 1);
        this.received.push({
          requestId: String(req.headers["request-id"] ?? ""),
          body,
          event,
          signature,
          signatureValid: valid,
          answered,
        });
        res.writeHead(answered, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify(
            answered === 200
              ? { received: true }
              : { type: "processing_error", code: "down", message: "down" },
          ),
        );
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, "127.0.0.1", () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/agentic_checkout/webhooks/order_events`;
  }

  /** The next `times` deliveries about this session are answered 500. */
  failFor(sessionId: string, times: number): void {
    this.failures.set(sessionId, times);
  }

  about(sessionId: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.event?.data?.checkout_session_id === sessionId);
  }

  async close(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}

/** Polls until `check` holds (or throws after `timeoutMs`). */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}
