/**
 * The /auth?redirect= target, kept only when it is a path on this site. Anything else (absolute
 * URLs, protocol-relative "//host", backslash tricks, /auth itself) falls back to "/".
 */
export function safeRedirect(value: string | null | undefined, fallback = "/"): string {
  if (!value) return fallback;
  if (!value.startsWith("/")) return fallback;
  if (value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // Browsers drop tabs and newlines inside URLs, so "/\t/evil.com" would become "//evil.com".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  const pathname = value.split(/[?#]/, 1)[0] ?? "";
  if (pathname === "/auth" || pathname.startsWith("/auth/")) return fallback;
  return value;
}

/** "/auth?redirect=%2Fcart": where an anonymous visitor is sent, remembering the page they wanted. */
export function signInPath(currentPath: string): string {
  return `/auth?redirect=${encodeURIComponent(currentPath)}`;
}
