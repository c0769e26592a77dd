/**
 * The shopping assistant's time to first streamed token and to [DONE] with the built-in engine,
 * over real HTTP against a server process on a fresh embedded database. Prints figures only.
 * Run: npm run bench:assistant -w @haggle/bench
 */
import { readFileSync } from "node:fs";
import { startServer } from "./lib/server-process.ts";

const PROMPTS = [
  "Show me running shoes",
  "Gifts under $100",
  "What's on sale?",
  "wireless headphnes",
  "Sony headphones between $50 and $150",
  "a gift for a runner",
  "best rated kitchen things",
  "zxqv blorp",
];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const server = await startServer({
  port: Number(process.env.BENCH_PORT ?? 3902),
  env: {
    STREAM_WORD_DELAY_MS: process.env.STREAM_WORD_DELAY_MS ?? "15",
    ASSISTANT_RATE_LIMIT_PER_MINUTE: "100000",
  },
});
try {
  const first: number[] = [];
  const done: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const prompt of PROMPTS) {
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}/functions/v1/shop-assistant`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ messages: [{ role: "user", content: prompt }] }),
      });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      let firstAt = 0;
      for (;;) {
        const { value, done: end } = await reader.read();
        if (end) break;
        text += decoder.decode(value, { stream: true });
        if (!firstAt && text.includes('"delta":{"content"')) firstAt = performance.now();
      }
      first.push(firstAt - started);
      done.push(performance.now() - started);
    }
  }
  console.log(
    `# Shopping assistant, built-in engine (${first.length} requests, word delay ${process.env.STREAM_WORD_DELAY_MS ?? "15"} ms)\n`,
  );
  console.log("| measure | p50 ms | p95 ms | max ms |");
  console.log("| --- | --- | --- | --- |");
  console.log(
    `| time to first token | ${percentile(first, 50).toFixed(1)} | ${percentile(first, 95).toFixed(1)} | ${Math.max(...first).toFixed(1)} |`,
  );
  console.log(
    `| time to [DONE] | ${percentile(done, 50).toFixed(1)} | ${percentile(done, 95).toFixed(1)} | ${Math.max(...done).toFixed(1)} |`,
  );
  // The server's resident memory after the rounds: what the assistant keeps (word vectors,
  // caches) shows here against a run of the code before it.
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1];
  if (rss) console.log(`\nserver resident memory after the rounds: ${(Number(rss) / 1024).toFixed(0)} MB`);
} finally {
  await server.stop();
}
