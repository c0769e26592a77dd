import { createRequire } from "node:module";
import { lookup } from "node:dns/promises";
import { closeSync } from "node:fs";
import { isIP, type ListenOptions, type Server, Socket } from "node:net";
import { hasBuiltInReusePort } from "./workers.ts";

/** `node-unix-socket`'s one function used here: a TCP socket with SO_REUSEADDR and SO_REUSEPORT, bound, not listening. */
type CreateReuseportFd = (port: number, host: string) => number;

const require = createRequire(import.meta.url);

/**
 * The way this Node makes a socket of its own with `SO_REUSEPORT`, or why it cannot: Node 22.12
 * and later have `listen({ reusePort })`; before, the prebuilt `node-unix-socket` binds one (its
 * binary comes with the npm package for the platform; nothing is built or downloaded).
 */
export function reusePortSupport(
  platform: NodeJS.Platform = process.platform,
  nodeVersion: string = process.version,
): { ok: true; builtIn: boolean } | { ok: false; reason: string } {
  if (platform !== "linux") return { ok: false, reason: `${platform} does not balance SO_REUSEPORT` };
  if (hasBuiltInReusePort(nodeVersion)) return { ok: true, builtIn: true };
  try {
    createReuseportFd();
    return { ok: true, builtIn: false };
  } catch (error) {
    return { ok: false, reason: `node-unix-socket did not load (${(error as Error).message})` };
  }
}

function createReuseportFd(): CreateReuseportFd {
  return (require("node-unix-socket") as { createReuseportFd: CreateReuseportFd }).createReuseportFd;
}

/** An IP address for `host` (a name is resolved as `listen()` resolves it: the first address). */
async function ipOf(host: string): Promise<string> {
  return isIP(host) ? host : (await lookup(host)).address;
}

/**
 * Makes `server` listen on `port` through a socket of this process's own, bound with
 * `SO_REUSEPORT` beside the other workers' (the kernel shares the connections among them). Not
 * through node:cluster's primary: `listen({ reusePort, exclusive })` on Node 22.12 and later; on
 * older ones the socket `node-unix-socket` binds, given to `listen()` as a handle, which a cluster
 * worker listens on itself (a `{ fd }` would be the primary's descriptor of that number).
 * Resolves once listening; rejects with the listen error (the port held by a process that is not
 * sharing it: EADDRINUSE).
 */
export async function listenOnOwnSocket(server: Server, port: number, host: string): Promise<void> {
  const builtIn = hasBuiltInReusePort(process.version);
  const ip = builtIn ? host : await ipOf(host);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.once("listening", () => {
      server.off("error", reject);
      resolve();
    });
    // Node 20's types do not know `reusePort` (22.12).
    if (builtIn) server.listen({ port, host, reusePort: true, exclusive: true } as ListenOptions);
    else server.listen(ownSocket(port, ip));
  });
}

/** The bound socket as a handle `listen()` takes (`readable: false`: it listens; nothing is read from it as a stream). */
function ownSocket(port: number, ip: string): Socket {
  let fd: number;
  try {
    fd = createReuseportFd()(port, ip);
  } catch (error) {
    // The library's error has no errno code; the one case worth naming is the port held by a process that does not share it.
    if (!/address already in use/i.test((error as Error).message)) throw error;
    throw Object.assign(new Error(`listen EADDRINUSE: address already in use ${ip}:${port}`), {
      code: "EADDRINUSE",
    });
  }
  try {
    return new Socket({ fd, readable: false, writable: false });
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}
