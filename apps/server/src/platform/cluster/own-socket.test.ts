import { once } from "node:events";
import { type AddressInfo, connect, createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { listenOnOwnSocket, reusePortSupport } from "./own-socket.ts";

const onLinux = process.platform === "linux";

/** What a server writes first on a new connection to the port. */
function firstByte(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("data", (d) => {
      resolve(d.toString());
      socket.destroy();
    });
    socket.once("error", reject);
  });
}

describe("a socket of the process's own with SO_REUSEPORT", () => {
  it("is made on Linux (the prebuilt library here, or Node's own listen option) and nowhere else", () => {
    if (onLinux) expect(reusePortSupport()).toMatchObject({ ok: true });
    expect(reusePortSupport("darwin")).toEqual({ ok: false, reason: "darwin does not balance SO_REUSEPORT" });
    expect(reusePortSupport("linux", "v22.12.0")).toEqual({ ok: true, builtIn: true });
  });

  it.runIf(onLinux)(
    "lets two servers listen on one port, and refuses a port held by a process that does not share it",
    async () => {
      const first = createServer((s) => s.end("1"));
      await listenOnOwnSocket(first, 0, "127.0.0.1");
      const port = (first.address() as AddressInfo).port;
      const second = createServer((s) => s.end("2"));
      await listenOnOwnSocket(second, port, "127.0.0.1");
      expect((second.address() as AddressInfo).port).toBe(port);

      const plain = createServer();
      plain.listen(0, "127.0.0.1");
      await once(plain, "listening");
      const held = (plain.address() as AddressInfo).port;
      await expect(listenOnOwnSocket(createServer(), held, "127.0.0.1")).rejects.toMatchObject({
        code: "EADDRINUSE",
      });
      // The kernel shares the connections between the two (by a hash of each connection's addresses).
      const answers = new Set<string>();
      for (let i = 0; i < 40 && answers.size < 2; i++) answers.add(await firstByte(port));
      expect([...answers].sort()).toEqual(["1", "2"]);
      for (const s of [first, second, plain]) s.close();
    },
  );
});
