/**
 * A minimal streaming client for any OpenAI-compatible chat completions server (OpenAI, Ollama,
 * vLLM, llama.cpp, LM Studio, OpenRouter). Only fetch: no SDK, no network unless configured.
 */
export interface AiConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  embeddingModel: string | undefined;
  timeoutMs: number;
}

export type ChatRole = "system" | "user" | "assistant" | "tool";
export interface ChatTurn {
  role: ChatRole;
  content: string | null;
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface ToolSpec {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface StreamChunk {
  content?: string;
  toolCallDeltas?: { index: number; id?: string; name?: string; arguments?: string }[];
  finishReason?: string | null;
}

/** An error answer from the AI server: 429 and 402 map to the shop's own toasts. */
export class AiHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function* streamChat(
  config: AiConfig,
  body: { messages: ChatTurn[]; tools?: ToolSpec[]; temperature?: number; maxTokens?: number },
  signal?: AbortSignal,
): AsyncGenerator<StreamChunk> {
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const response = await fetch(`${config.baseUrl.replace(/\/$/, "")}/chat/completions`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "text/event-stream",
      ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: config.model,
      stream: true,
      messages: body.messages,
      ...(body.tools ? { tools: body.tools } : {}),
      temperature: body.temperature ?? 0.4,
      ...(body.maxTokens ? { max_tokens: body.maxTokens } : {}),
    }),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => "");
    throw new AiHttpError(response.status, `AI server answered ${response.status}: ${text.slice(0, 200)}`);
  }
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(part, { stream: true });
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf("\n");
      if (!line.startsWith("data:")) continue;
      const data = line.slice(5).trim();
      if (data === "[DONE]") return;
      let json: {
        choices?: {
          delta?: {
            content?: string | null;
            tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[];
          };
          finish_reason?: string | null;
        }[];
      };
      try {
        json = JSON.parse(data);
      } catch {
        continue;
      }
      const choice = json.choices?.[0];
      if (!choice) continue;
      const chunk: StreamChunk = { finishReason: choice.finish_reason ?? null };
      if (typeof choice.delta?.content === "string") chunk.content = choice.delta.content;
      if (choice.delta?.tool_calls) {
        chunk.toolCallDeltas = choice.delta.tool_calls.map((t, i) => ({
          index: t.index ?? i,
          ...(t.id ? { id: t.id } : {}),
          ...(t.function?.name ? { name: t.function.name } : {}),
          ...(t.function?.arguments ? { arguments: t.function.arguments } : {}),
        }));
      }
      yield chunk;
    }
  }
}

/** The whole text of a streamed completion. */
export async function completeText(
  config: AiConfig,
  messages: ChatTurn[],
  signal?: AbortSignal,
): Promise<string> {
  let text = "";
  for await (const chunk of streamChat(config, { messages, maxTokens: 400 }, signal))
    text += chunk.content ?? "";
  return text;
}
