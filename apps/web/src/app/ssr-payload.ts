import type { DehydratedState } from "@tanstack/react-query";
import { jsonLdText } from "@/lib/json-ld";

/**
 * What a server-rendered page hands to the browser besides its HTML: the shop's origin (the
 * canonical URLs the server wrote) and the query cache it rendered from (TanStack Query's
 * dehydrated state). Written as a JSON data block, not a script that runs: the shop's CSP allows
 * no inline scripts.
 */
export interface SsrPayload {
  origin: string;
  state: DehydratedState;
}

export const SSR_PAYLOAD_ID = "haggle-ssr";

/** The `<script type="application/json">` element carrying the payload, escaped for HTML. */
export function ssrPayloadElement(payload: SsrPayload): string {
  return `<script type="application/json" id="${SSR_PAYLOAD_ID}">${jsonLdText(payload)}</script>`;
}

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
