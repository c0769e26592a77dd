import { ApiErrorSchema } from "@haggle/contract/errors";
import { ApiRequestError } from "./api-client.ts";

/** One `data:` event of a chat stream: a text delta, or a JSON event such as a product carousel. */
export type ChatStreamEvent =
  | { kind: "delta"; text: string }
  | { kind: "event"; data: Record<string, unknown> };

/**
 * POSTs JSON to a streaming chat endpoint (/functions/v1/...) and yields its events as they
 * arrive: text from `choices[0].delta.content`, other JSON objects as events, until `[DONE]`.
 * A non-2xx answer throws ApiRequestError with the server's sentence (429 and 402 included);
 * a 2xx answer without a body throws `Failed to start stream`.
 */
export async function* streamChat(
  path: string,
  body: unknown,
  signal?: AbortSignal,
): AsyncGenerator<ChatStreamEvent> {
  const response = await fetch(path, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) {
    let parsed: ReturnType<typeof ApiErrorSchema.safeParse> | null = null;
    try {
      parsed = ApiErrorSchema.safeParse(await response.json());
    } catch {
      parsed = null;
    }
    if (parsed?.success)
      throw new ApiRequestError(response.status, parsed.data.error.code, parsed.data.error.message);
    throw new ApiRequestError(response.status, "HTTP_ERROR", `Request failed with status ${response.status}`);
  }
  if (!response.body) throw new Error("Failed to start stream");
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf("\n");
      if (!line.startsWith("data:")) continue;
      const data = line.slice(5).trim();
      if (data === "[DONE]") return;
      let json: unknown;
      try {
        json = JSON.parse(data);
      } catch {
        continue;
      }
      if (typeof json !== "object" || json === null) continue;
      const choices = (json as { choices?: { delta?: { content?: unknown } }[] }).choices;
      if (Array.isArray(choices)) {
        const content = choices[0]?.delta?.content;
        if (typeof content === "string" && content.length > 0) yield { kind: "delta", text: content };
      } else {
        yield { kind: "event", data: json as Record<string, unknown> };
      }
    }
  }
}
