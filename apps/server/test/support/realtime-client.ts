import { expect } from "vitest";
import type { HttpClient } from "./http-client.ts";

/** GET /api/realtime with the client's cookies: the streaming answer as it is. */
export function realtimeResponse(http: HttpClient, signal?: AbortSignal): Promise<Response> {
  const cookies = (http as unknown as { cookies: Map<string, string> }).cookies;
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  return fetch(`${http.baseUrl}/api/realtime`, { headers: { cookie }, signal });
}

/** Opens GET /api/realtime and yields its events by type. */
export async function openEvents(http: HttpClient) {
  const controller = new AbortController();
  const res = await realtimeResponse(http, controller.signal);
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const seen: { event: string; data: Record<string, unknown> }[] = [];
  async function pump() {
    const { value, done } = await reader.read();
    if (done) throw new Error("stream ended");
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) seen.push({ event, data: JSON.parse(data) });
    }
  }
  while (!seen.some((e) => e.event === "ready")) await pump();
  return {
    async next(type: string) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const i = seen.findIndex((e) => e.event === type);
        if (i >= 0) return seen.splice(i, 1)[0]!.data as Record<string, unknown> & { [k: string]: unknown };
        if (Date.now() > deadline) throw new Error(`no ${type} event within 10 s`);
        await pump();
      }
    },
    close: () => controller.abort(),
    /** Which server process holds the stream (its X-Haggle-Worker header; null with one process). */
    worker: res.headers.get("x-haggle-worker"),
  };
}
