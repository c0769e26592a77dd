import { getConnInfo } from "@hono/node-server/conninfo";
import type { AppContext } from "./context.ts";

/** The peer address of the connection; forwarded headers are not trusted. */
export function clientIp(c: AppContext): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket.
    return "unknown";
  }
}
