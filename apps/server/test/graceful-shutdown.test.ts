import { get } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";

describe("the server process", () => {
  let server: ServerProcess | null = null;
  afterAll(async () => {
    server?.child.kill("SIGKILL");
    await server?.stop();
  });

  it("keeps an idle connection open longer than clients and load balancers do (no reset on reuse)", async () => {
    const own = await startServerProcess({});
    try {
      const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
        get(`${own.baseUrl}/healthz`, (res) => {
          res.resume();
          resolve(res.headers["keep-alive"]?.toString());
        }).on("error", reject);
      });
      // Node's default is 5 s: a client reusing the connection just then got ECONNRESET.
      expect(keepAlive).toBe("timeout=65");
    } finally {
      own.child.kill("SIGKILL");
      await own.stop();
    }
  });

  it("finishes in-flight requests on SIGTERM, then closes the database and exits 0", async () => {
    server = await startServerProcess({ STREAM_WORD_DELAY_MS: "80" });
    const base = server.baseUrl;
    const res = await fetch(`${base}/functions/v1/shop-assistant`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: "Show me running shoes" }] }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    server.child.kill("SIGTERM");
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    // The reply that was streaming when the signal came still arrives whole.
    expect(text).toContain("data: [DONE]");
    expect(text).toContain("tool_result");
    expect(await server.exited).toBe(0);
    expect(server.logs()).toContain("shutting down");
    expect(server.logs()).toContain('"msg":"stopped"');
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
