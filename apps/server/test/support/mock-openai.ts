import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP server speaking the OpenAI chat-completions streaming protocol, standing in for
 * a third-party LLM provider in tests. `reply` decides each answer from the request body.
 */
export type MockReply =
  | { kind: "text"; text: string; chunkSize?: number }
  | { kind: "tool-call"; name: string; arguments: string; id?: string; splitInto?: number }
  | { kind: "status"; status: number; body?: string }
  | { kind: "hang" };

export interface MockOpenAi {
  baseUrl: string;
  requests: { messages: { role: string; content: string | null }[]; tools?: unknown[]; model?: string }[];
  setReply(reply: (body: MockOpenAi["requests"][number], index: number) => MockReply): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return text;
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export async function startMockOpenAi(): Promise<MockOpenAi> {
  let decide: (body: MockOpenAi["requests"][number], index: number) => MockReply = () => ({
    kind: "text",
    text: "Hello.",
  });
  const requests: MockOpenAi["requests"] = [];
  const hanging = new Set<() => void>();
  const server: Server = createServer(async (req, res) => {
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await readBody(req));
    requests.push(body);
    const reply = decide(body, requests.length - 1);
    if (reply.kind === "status") {
      res
        .writeHead(reply.status, { "content-type": "application/json" })
        .end(reply.body ?? '{"error":{"message":"mock"}}');
      return;
    }
    if (reply.kind === "hang") {
      hanging.add(() => res.destroy());
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream" });
    const send = (delta: unknown, finish: string | null = null) =>
      res.write(
        `data: ${JSON.stringify({ id: "mock", object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
      );
    if (reply.kind === "text") {
      for (const piece of chunks(reply.text, reply.chunkSize ?? 7)) send({ content: piece });
      send({}, "stop");
    } else {
      const parts = chunks(
        reply.arguments,
        Math.max(1, Math.ceil(reply.arguments.length / (reply.splitInto ?? 3))),
      );
      send({
        tool_calls: [
          {
            index: 0,
            id: reply.id ?? "call_1",
            type: "function",
            function: { name: reply.name, arguments: "" },
          },
        ],
      });
      for (const part of parts) send({ tool_calls: [{ index: 0, function: { arguments: part } }] });
      send({}, "tool_calls");
    }
    res.end("data: [DONE]\n\n");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setReply: (fn) => {
      decide = fn;
    },
    close: async () => {
      for (const h of hanging) h();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
