/**
 * The shop's public origin (`https://shop.example`), for canonical URLs and structured data.
 * The server renders with its PUBLIC_URL and hands it to the page (see app/ssr-payload.ts), so
 * the hydrating client computes the very same URLs; a page the server did not render uses the
 * address bar's origin.
 */
let configured: string | null = null;

export function setSiteOrigin(origin: string): void {
  configured = origin.replace(/\/+$/, "");
}

export function siteOrigin(): string {
  if (configured !== null) return configured;
  return typeof window === "undefined" ? "" : window.location.origin;
}
