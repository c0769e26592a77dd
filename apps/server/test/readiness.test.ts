import { describe, expect, it } from "vitest";
import { realtimeResponse } from "./support/realtime-client.ts";
import { signUpShopper, useShop } from "./support/shop-fixtures.ts";
import { DB_KINDS } from "./support/test-server.ts";

/** Reads a realtime stream to its end (or 10 s), as text. */
async function readToEnd(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = setTimeout(() => void reader.cancel(), 10_000);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return text;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(deadline);
  }
}

describe.each(DB_KINDS)("liveness and readiness on the %s database", (kind) => {
  const shop = useShop(kind, { seed: false });

  it("answers /healthz and /readyz while serving; draining flips /readyz to 503 and ends realtime streams with a reconnect hint", async () => {
    const base = shop.server.baseUrl;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true });

    const { http } = await signUpShopper(base);
    const stream = await realtimeResponse(http);
    expect(stream.status).toBe(200);
    const text = readToEnd(stream);

    shop.server.deps.readiness.drain();
    const streamed = await text;
    expect(streamed).toContain("event: ready");
    expect(streamed).toMatch(/event: reconnect\ndata: \{"reason":"shutting down"\}\nretry: 1000\n/);

    const draining = await fetch(`${base}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({
      ready: false,
      reason: "draining",
      message: "This server is shutting down; send requests to another one.",
    });
    // Alive all the same: an orchestrator must not kill a process finishing its requests.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
