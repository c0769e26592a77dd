import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "./context.ts";
import { HttpRefusal } from "./error-table.ts";
import { BodyBudget, guardBodies } from "./request-body.ts";

/**
 * The body guard over a real Node server (no database): a body the route does not read is not
 * read at all before the answer (not even a first chunk), and one it reads arrives whole or is
 * refused past the limit, from Node's request itself.
 */
let baseUrl = "";
let close: () => void = () => {};
/** Whether Node's request had been read from when the refusing route answered. */
const readBeforeAnswer: boolean[] = [];

beforeAll(async () => {
  const app = new Hono<AppEnv>();
  app.use(
    "*",
    guardBodies({ limitFor: () => 64 * 1024, readTimeoutMs: 5_000, budget: new BodyBudget(1 << 20) }),
  );
  app.post("/refuse", async (c) => {
    // Time for the body's first chunks to arrive, as a route's access check takes.
    await new Promise((r) => setTimeout(r, 50));
    const incoming = (c.env as { incoming: IncomingMessage }).incoming;
    readBeforeAnswer.push(incoming.readableDidRead);
    return c.json({ error: "sign in" }, 401);
  });
  app.post("/echo", async (c) => {
    try {
      return c.json({ bytes: (await c.req.text()).length });
    } catch (error) {
      if (error instanceof HttpRefusal) return c.json(error.body, error.status);
      throw error;
    }
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((r) => server.once("listening", r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

/** A chunked POST of `bytes` that never ends; resolves with the answer's status line. */
function endlessPost(path: string, bytes: number): Promise<string> {
  const url = new URL(baseUrl);
  const socket = connect(Number(url.port), url.hostname);
  return new Promise((resolve) => {
    let received = "";
    socket.on("data", (d) => {
      received += d.toString("latin1");
      if (received.includes("\r\n")) {
        socket.destroy();
        resolve(received.slice(0, received.indexOf("\r\n")));
      }
    });
    socket.on("error", () => resolve(received));
    socket.on("connect", () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nTransfer-Encoding: chunked\r\n\r\n`);
      const chunk = Buffer.alloc(bytes, 0x61);
      socket.write(`${bytes.toString(16)}\r\n`);
      socket.write(chunk);
      socket.write("\r\n");
    });
  });
}

describe("request bodies through the guard", () => {
  it("does not read a body its route leaves unread, not even a first chunk", async () => {
    const answers = await Promise.all([1, 2, 3].map(() => endlessPost("/refuse", 256 * 1024)));
    expect(answers).toEqual(answers.map(() => "HTTP/1.1 401 Unauthorized"));
    expect(readBeforeAnswer).toEqual([false, false, false]);
  });

  it("gives the route the whole body it reads, with or without Content-Length", async () => {
    const body = "x".repeat(40_000);
    const declared = await fetch(`${baseUrl}/echo`, { method: "POST", body });
    expect(await declared.json()).toEqual({ bytes: 40_000 });
    const streamed = await fetch(`${baseUrl}/echo`, {
      method: "POST",
      body: new Blob([body]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(await streamed.json()).toEqual({ bytes: 40_000 });
  });

  it("answers 413 the moment a body it reads passes the limit, though the body never ends", async () => {
    expect(await endlessPost("/echo", 200 * 1024)).toBe("HTTP/1.1 413 Payload Too Large");
  });
});
