import type { SSEStreamingApi } from "hono/streaming";
import { z } from "zod";

/** Words with their following white space: the unit a streamed reply arrives in. */
export function streamTokens(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

/** One OpenAI-style chunk: `data: {"choices":[{"delta":{"content":"..."}}]}`. */
export async function writeDelta(stream: SSEStreamingApi, content: string) {
  await stream.writeSSE({ data: JSON.stringify({ choices: [{ index: 0, delta: { content } }] }) });
}

export async function writeText(stream: SSEStreamingApi, text: string, wordDelayMs: number) {
  for (const token of streamTokens(text)) {
    if (stream.aborted) return;
    await writeDelta(stream, token);
    if (wordDelayMs > 0) await stream.sleep(wordDelayMs);
  }
}

export async function writeDone(stream: SSEStreamingApi, finishReason = "stop") {
  await stream.writeSSE({
    data: JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: finishReason }] }),
  });
  await stream.writeSSE({ data: "[DONE]" });
}

/** One event whose data is a value of `schema`, encoded by it (amounts in cents leave as dollars). */
export async function writeEncoded<S extends z.ZodType>(
  stream: SSEStreamingApi,
  schema: S,
  value: z.output<S>,
  event?: string,
) {
  const data = JSON.stringify(z.encode(schema, value));
  await stream.writeSSE(event === undefined ? { data } : { event, data });
}
