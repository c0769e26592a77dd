import { describe, expect, it } from "vitest";
import { LingerPool } from "./linger.ts";

const KiB = 1024;
const limits = {
  maxBytes: 1024 * KiB,
  maxMs: 1_000,
  maxDraining: 2,
  maxLingering: 3,
  discardBurstBytes: 2048 * KiB,
  discardBytesPerSecond: 1024 * KiB,
};

describe("the lingering connections of a process", () => {
  it("lets a few read at once; the others wait their turn, in order", () => {
    const pool = new LingerPool(limits);
    const started: string[] = [];
    const done = ["a", "b", "c", "d"].map((name) => pool.whenReading(() => started.push(name)));
    expect(started).toEqual(["a", "b"]);
    expect(pool.stats()).toMatchObject({ draining: 2 });
    done[0]?.();
    expect(started).toEqual(["a", "b", "c"]);
    // One that closes while it waits gives up its turn; its closing frees no reader.
    done[3]?.();
    done[1]?.();
    expect(started).toEqual(["a", "b", "c"]);
    expect(pool.stats()).toMatchObject({ draining: 1, mostDraining: 2 });
    done[2]?.();
    expect(pool.stats()).toMatchObject({ draining: 0 });
  });

  it("discards at most its first allowance and then its rate per second, in all", () => {
    let now = 0;
    const pool = new LingerPool({ ...limits, discardBytesPerSecond: 1000 * KiB }, () => now);
    expect(pool.discard(2048 * KiB)).toBe(true);
    expect(pool.discard(1)).toBe(false);
    now = 500;
    expect(pool.discard(600 * KiB)).toBe(false);
    expect(pool.discard(500 * KiB)).toBe(true);
    // A quiet while refills it to the first allowance, not beyond.
    now = 60_000;
    expect(pool.discard(2048 * KiB + 1)).toBe(false);
    expect(pool.discard(2048 * KiB)).toBe(true);
  });

  it("starts no reader while less than one read is left to discard, and starts them again once it refills", () => {
    let now = 0;
    const pool = new LingerPool({ ...limits, discardBytesPerSecond: 1000 * KiB }, () => now);
    const started: string[] = [];
    const first = pool.whenReading(() => started.push("a"));
    expect(pool.discard(2048 * KiB - 10 * KiB)).toBe(true);
    // 10 KB left: a read would take a buffer of up to 64 KB, so b waits unread, and c after it.
    pool.whenReading(() => started.push("b"));
    first();
    pool.whenReading(() => started.push("c"));
    expect(started).toEqual(["a"]);
    expect(pool.stats()).toMatchObject({ draining: 0 });
    // A second later the allowance is back: the next connection reads, and gives its turn on in order.
    now = 1_000;
    const d = pool.whenReading(() => started.push("d"));
    d();
    expect(started).toEqual(["a", "d", "b"]);
  });

  it("refuses a place past the most lingering connections, and gives places back", () => {
    const pool = new LingerPool(limits);
    expect([pool.enter(), pool.enter(), pool.enter(), pool.enter()]).toEqual([true, true, true, false]);
    pool.leave();
    expect(pool.enter()).toBe(true);
    expect(pool.stats()).toMatchObject({ lingering: 3, mostLingering: 3 });
  });
});

describe("a lingering connection", () => {
  it("reads what still arrives up to its limit, past the fetch adapter's own reader, then gives its turn on", async () => {
    const { createServer } = await import("node:http");
    const { connect } = await import("node:net");
    const { Readable } = await import("node:stream");
    const { lingerAfterAnswer } = await import("./linger.ts");
    const pool = new LingerPool({
      maxBytes: 256 * 1024,
      maxMs: 10_000,
      maxDraining: 1,
      maxLingering: 4,
      discardBurstBytes: 256 * 1024,
      discardBytesPerSecond: 0,
    });
    const server = createServer((req, res) => {
      // As the HTTP adapter does for a request with a body: its web stream reads the request.
      Readable.toWeb(req);
      res.writeHead(401, { connection: "close", "content-length": "2" });
      res.end("no");
      lingerAfterAnswer(req, res, pool);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const port = (server.address() as { port: number }).port;
    // A client that keeps its side open after the answer's end, as one still sending does.
    const socket = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    socket.on("error", () => {});
    let answer = "";
    socket.on("data", (d) => {
      answer += d.toString("latin1");
    });
    socket.write("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
    const chunk = Buffer.concat([Buffer.from("10000\r\n"), Buffer.alloc(0x10000, 97), Buffer.from("\r\n")]);
    for (let i = 0; i < 16; i++) socket.write(chunk);
    try {
      await expect.poll(() => answer, { timeout: 5_000 }).toMatch(/^HTTP\/1\.1 401/);
      // 1 MB sent, 256 KB read: the connection stops reading and its reading turn is free again.
      await expect.poll(() => pool.stats().draining, { timeout: 5_000 }).toBe(0);
      expect(pool.stats()).toMatchObject({ lingering: 1, mostDraining: 1 });
    } finally {
      socket.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
