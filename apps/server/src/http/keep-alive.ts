import type { Server } from "node:http";

/**
 * Idle keep-alive connections outlive any client's or proxy's own idle timeout. Node closes an
 * idle connection after 5 s by default; a client that reuses it at that instant (a browser, a
 * load balancer, Playwright's request context on a busy machine) gets ECONNRESET for a request
 * the server never saw. The usual rule: the server waits longer than the clients (load
 * balancers idle for 60 s), and headers may take a little longer than that.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function keepConnectionsAlive(server: Pick<Server, "keepAliveTimeout" | "headersTimeout">): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}
