import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "./api-client.ts";
import { streamChat } from "./sse-reader.ts";

function streamOf(chunks: string[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("the chat stream reader", () => {
  it("yields text deltas and JSON events across chunk boundaries, until [DONE]", async () => {
    const body = streamOf([
      'data: {"choices":[{"delta":{"content":"Hel"}}]}\n\ndata: {"choices":[{"del',
      'ta":{"content":"lo"}}]}\n\ndata: {"type":"tool_result","products":[]}\n\ndata: [DONE]\n\ndata: {"choices":[{"delta":{"content":"late"}}]}\n\n',
    ]);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(body, { status: 200 })),
    );
    const events = [];
    for await (const e of streamChat("/functions/v1/x", {})) events.push(e);
    expect(events).toEqual([
      { kind: "delta", text: "Hel" },
      { kind: "delta", text: "lo" },
      { kind: "event", data: { type: "tool_result", products: [] } },
    ]);
  });
  it("throws the server's sentence with its status", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: "RATE_LIMITED", message: "Too many" } }), {
            status: 429,
          }),
      ),
    );
    const run = async () => {
      for await (const _ of streamChat("/x", {})) {
        // drain
      }
    };
    await expect(run()).rejects.toMatchObject({ status: 429, message: "Too many" });
    await expect(run()).rejects.toBeInstanceOf(ApiRequestError);
  });
});
