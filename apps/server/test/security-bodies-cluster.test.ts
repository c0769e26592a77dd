import { request } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";
import { createServerDatabase } from "./support/test-server.ts";

/**
 * A flood of anonymous uploads that never end, against two workers on one port (the primary's
 * sharing of connections is part of what a probe waits for): each is refused with 401 and
 * `Connection: close` while it still sends, what the server reads of it after that stays
 * bounded (the client's writes stall once the server stops reading), and `/healthz` asked on
 * new connections during the flood is answered. How fast is the bench's measure
 * (bench:bodies), not this test's: the machine may be busy.
 */

const FLOOD = 60;
const MiB = 1024 * 1024;
/** Each upload's body, if the server read all of it: far more than it reads of an unread body. */
const BODY_BYTES = 24 * MiB;
const CHUNK_BYTES = 64 * 1024;
const CHUNK = Buffer.concat([
  Buffer.from(`${CHUNK_BYTES.toString(16)}\r\n`),
  Buffer.alloc(CHUNK_BYTES, 0x61),
  Buffer.from("\r\n"),
]);

/** An upload that sends its body as fast as the server takes it and never its last chunk. */
function endlessUpload(baseUrl: string) {
  const url = new URL(baseUrl);
  const socket = connect(Number(url.port), url.hostname);
  let received = "";
  let sent = 0;
  let answer = (_head: string) => {};
  const answered = new Promise<string>((resolve) => {
    answer = resolve;
  });
  socket.on("error", () => {});
  socket.on("close", () => answer(received));
  socket.on("data", (d) => {
    received += d.toString("latin1");
    if (received.includes("\r\n\r\n")) answer(received.slice(0, received.indexOf("\r\n\r\n")));
  });
  socket.on("connect", async () => {
    socket.write(
      `POST /api/merchant/images HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${baseUrl}\r\n` +
        "Content-Type: image/png\r\nTransfer-Encoding: chunked\r\n\r\n",
    );
    while (sent < BODY_BYTES && !socket.destroyed) {
      sent += CHUNK_BYTES;
      if (!socket.write(CHUNK)) await new Promise((r) => socket.once("drain", r));
    }
  });
  return { answered, sent: () => sent, close: () => socket.destroy() };
}

/** One /healthz on a connection of its own; its status (0 when none came within 30 s). */
function healthz(baseUrl: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(`${baseUrl}/healthz`, { agent: false, timeout: 30_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(0));
    req.end();
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("a burst of endless uploads against WORKERS=2", () => {
  let server: ServerProcess | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createServerDatabase();
    drop = database.drop;
    server = await startServerProcess({
      DATABASE_URL: database.url,
      WORKERS: "2",
      SEED_ON_START: "false",
      LOG_LEVEL: "warn",
    });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it("refuses each with 401 and Connection: close, reads little of them, and answers /healthz meanwhile", async () => {
    const { baseUrl } = server as ServerProcess;
    const uploads = Array.from({ length: FLOOD }, () => endlessUpload(baseUrl));
    try {
      const probes: number[] = [];
      for (let i = 0; i < 5; i++) {
        probes.push(await healthz(baseUrl));
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(probes).toEqual([200, 200, 200, 200, 200]);
      const heads = await Promise.all(uploads.map((u) => u.answered));
      for (const head of heads) {
        expect(head).toMatch(/^HTTP\/1\.1 401 /);
        expect(head).toMatch(/\r\nconnection: close(\r\n|$)/i);
      }
      // The server reads at most 2 MB of each after its answer, then TCP holds the client: what
      // a client got to send is that, the kernel's buffers of the two ends (a few megabytes on
      // loopback), and what came before the answer. All of it was 24 MB when bodies were read through.
      await new Promise((r) => setTimeout(r, 2_000));
      const most = Math.max(...uploads.map((u) => u.sent()));
      expect(most / MiB, "MB the most generous connection took").toBeLessThanOrEqual(10);
    } finally {
      for (const upload of uploads) upload.close();
    }
  }, 120_000);
});
