import { get } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";
import { realtimeResponse } from "./support/realtime-client.ts";
import { signUpShopper } from "./support/shop-fixtures.ts";

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
    // The kept-alive connection the reply came on was closed once idle, not left to the grace's end.
    expect(server.logs()).not.toContain("did not finish in time");
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });

  it("on SIGTERM ends open realtime streams with a hint to reconnect elsewhere, then exits 0", async () => {
    const own = await startServerProcess({});
    try {
      const { http } = await signUpShopper(own.baseUrl);
      const res = await realtimeResponse(http);
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      while (!text.includes("event: ready")) text += decoder.decode((await reader.read()).value);
      own.child.kill("SIGTERM");
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      // Without the hint the stream would hold the shutdown until its grace ran out.
      expect(text).toContain("event: reconnect");
      expect(text).toContain("retry: 1000");
      expect(await own.exited).toBe(0);
      expect(own.logs()).not.toContain("did not finish in time");
    } finally {
      own.child.kill("SIGKILL");
      await own.stop();
    }
  });
});
