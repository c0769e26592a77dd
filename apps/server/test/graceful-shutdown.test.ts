import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");

describe("the server process", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "haggle-shutdown-"));
  let child: ChildProcess | null = null;
  afterAll(() => {
    child?.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("finishes in-flight requests on SIGTERM, then closes the database and exits 0", async () => {
    const port = 3960 + Math.floor(Math.random() * 30);
    child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/index.ts"], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: "info",
        STREAM_WORD_DELAY_MS: "80",
        AUTH_SECRET: "shutdown-test-secret-0123456789",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let logs = "";
    child.stdout?.on("data", (d) => {
      logs += d;
    });
    const exited = new Promise<number | null>((resolve) => child?.once("exit", (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 300; i++) {
      const ok = await fetch(`${base}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const res = await fetch(`${base}/functions/v1/shop-assistant`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: "Show me running shoes" }] }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    child.kill("SIGTERM");
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    // The reply that was streaming when the signal came still arrives whole.
    expect(text).toContain("data: [DONE]");
    expect(text).toContain("tool_result");
    expect(await exited).toBe(0);
    expect(logs).toContain("shutting down");
    expect(logs).toContain('"msg":"stopped"');
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
