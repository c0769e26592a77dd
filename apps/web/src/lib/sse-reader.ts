import { ApiErrorSchema } from "@haggle/contract/errors";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { ApiRequestError } from "./api-client.ts";

/** One `data:` event of a chat stream: a text delta, or a JSON event such as a product carousel. */
export type ChatStreamEvent =
  | { kind: "delta"; text: string }
  | { kind: "event"; data: Record<string, unknown> };

const DONE = Symbol("done");

/**
 * What one server-sent event means to the chat: a delta, an event, the end (`[DONE]`), or
 * nothing (not JSON, not an object, or a chunk without text).
 */
function readChatEvent(message: EventSourceMessage): ChatStreamEvent | typeof DONE | null {
  const data = message.data.trim();
  if (data === "[DONE]") return DONE;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof json !== "object" || json === null) return null;
  const choices = (json as { choices?: { delta?: { content?: unknown } }[] }).choices;
  if (!Array.isArray(choices)) return { kind: "event", data: json as Record<string, unknown> };
  const content = choices[0]?.delta?.content;
  return typeof content === "string" && content.length > 0 ? { kind: "delta", text: content } : null;
}

async function requestFailure(response: Response): Promise<ApiRequestError> {
  let parsed: ReturnType<typeof ApiErrorSchema.safeParse> | null = null;
  try {
    parsed = ApiErrorSchema.safeParse(await response.json());
  } catch {
    parsed = null;
  }
  if (parsed?.success)
    return new ApiRequestError(response.status, parsed.data.error.code, parsed.data.error.message);
  return new ApiRequestError(response.status, "HTTP_ERROR", `Request failed with status ${response.status}`);
}

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
  if (!response.ok) throw await requestFailure(response);
  if (!response.body) throw new Error("Failed to start stream");

  // The parser calls back synchronously while it is fed; what one read completes is queued here.
  let arrived: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => arrived.push(message) });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
      const messages = arrived;
      arrived = [];
      for (const message of messages) {
        const event = readChatEvent(message);
        if (event === DONE) return;
        if (event !== null) yield event;
      }
    }
  } finally {
    // Whatever ends the reading ([DONE], an abort, a consumer that stops early) closes the body;
    // an already failed or finished body has nothing left to close.
    reader.cancel().catch(() => undefined);
  }
}
