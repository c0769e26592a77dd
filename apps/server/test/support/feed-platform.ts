import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One PATCH the platform accepted. */
export interface Push {
  method: string;
  path: string;
  authorization: string;
  version: string;
  products: { id: string; variants: { price: { amount: number } }[] }[];
}

/**
 * The platform's Feed API: records each PATCH, refuses the next `refuse` of them with 503, and
 * answers after `delayMs` (so pushes from several processes overlap).
 */
export class FeedPlatform {
  readonly pushes: Push[] = [];
  refuse = 0;
  delayMs = 0;
  url = "";
  private server: Server | null = null;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
        if (this.refuse > 0) {
          this.refuse -= 1;
          res.writeHead(503).end();
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { products: Push["products"] };
        this.pushes.push({
          method: req.method ?? "",
          path: req.url ?? "",
          authorization: String(req.headers.authorization ?? ""),
          version: String(req.headers["api-version"] ?? ""),
          products: body.products,
        });
        res.writeHead(200, { "Content-Type": "application/json" }).end('{"id":"feed_1","accepted":true}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/acp`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

export async function until<T>(what: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = what();
    if (found !== undefined) return found;
    if (Date.now() - started > timeoutMs) throw new Error("timed out waiting for a feed push");
    await new Promise((r) => setTimeout(r, 100));
  }
}
