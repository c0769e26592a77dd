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
  it("joins an event split across reads, in the middle of a field and of a multi-byte character", async () => {
    const encoder = new TextEncoder();
    const bytes = encoder.encode('data: {"choices":[{"delta":{"content":"Café ✓"}}]}\r\n\r\n');
    const accent = bytes.indexOf(0xc3);
    const cuts = [3, accent + 1, bytes.length - 3, bytes.length - 1];
    const reads = [0, ...cuts].map((from, i) => bytes.slice(from, cuts[i] ?? bytes.length));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const read of reads) controller.enqueue(read);
        controller.close();
      },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(body, { status: 200 })),
    );
    const events = [];
    for await (const e of streamChat("/functions/v1/x", {})) events.push(e);
    expect(reads.length).toBe(5);
    expect(events).toEqual([{ kind: "delta", text: "Café ✓" }]);
  });
  it("skips comments, other fields and data that is not a JSON object", async () => {
    const body = streamOf([
      ": keep-alive\n\nevent: message\nid: 7\ndata: not json\n\ndata: 42\n\n",
      'data: {"choices":[{"delta":{}}]}\n\ndata: {"choices":[{"delta":{"content":"ok"}}]}\n\n',
    ]);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(body, { status: 200 })),
    );
    const events = [];
    for await (const e of streamChat("/functions/v1/x", {})) events.push(e);
    expect(events).toEqual([{ kind: "delta", text: "ok" }]);
  });
  it("stops with the abort error when the caller aborts mid-stream", async () => {
    const encoder = new TextEncoder();
    const controller = new AbortController();
    let push: ((text: string) => void) | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        push = (text) => stream.enqueue(encoder.encode(text));
        // As fetch does: aborting errors the body being read.
        controller.signal.addEventListener("abort", () => stream.error(controller.signal.reason));
      },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(body, { status: 200 })),
    );
    const events: unknown[] = [];
    const run = (async () => {
      for await (const e of streamChat("/functions/v1/x", {}, controller.signal)) {
        events.push(e);
        controller.abort();
      }
    })();
    push?.('data: {"choices":[{"delta":{"content":"Hi"}}]}\n\n');
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(events).toEqual([{ kind: "delta", text: "Hi" }]);
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
