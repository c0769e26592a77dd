/**
 * What a server-rendered page hands to the browser besides its HTML: the shop's origin (the
 * canonical URLs the server wrote) and the query cache it rendered from: each query's key and
 * data, which the browser puts back with setQueryData (no dehydrate/hydrate: a fresh answer needs
 * none of a query's other state). Written as a JSON data
 * block, not a script that runs: the shop's CSP allows no inline scripts.
 */
export interface SsrPayload {
  origin: string;
  queries: { queryKey: readonly unknown[]; data: unknown }[];
}

/** The id of the `<script type="application/json">` element carrying it (entry-server.tsx writes it). */
export const SSR_PAYLOAD_ID = "haggle-ssr";

/** The payload of the page the server rendered, or null when it sent the bare shell. */
export function readSsrPayload(doc: Document): SsrPayload | null {
  const text = doc.getElementById(SSR_PAYLOAD_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as SsrPayload;
  } catch {
    return null;
  }
}
