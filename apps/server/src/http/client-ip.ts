import { getConnInfo } from "@hono/node-server/conninfo";
import { clientAddress } from "../platform/trust-proxy.ts";
import type { AppContext } from "./context.ts";

/**
 * The client's address: the connection's peer, or, behind proxies TRUST_PROXY names, the
 * address they forwarded in X-Forwarded-For.
 */
export function clientIp(c: AppContext): string {
  let peer = "unknown";
  try {
    peer = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket.
  }
  return clientAddress(peer, c.req.header("x-forwarded-for"), c.get("deps").config.trustProxy);
}
