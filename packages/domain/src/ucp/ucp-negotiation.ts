/**
 * The Universal Commerce Protocol's capability negotiation (UCP 2026-04-08, "Negotiation
 * Protocol"): the platform names its profile in the UCP-Agent header; the business intersects
 * its capabilities with the platform's, keeps the highest version both list, and prunes
 * extensions whose parent did not survive, until nothing more drops out.
 */

/** The protocol version this shop speaks, pinned to the specification's release of that date. */
export const UCP_VERSION = "2026-04-08";

/** One capability entry of a profile's registry, as far as negotiation reads it. */
export interface UcpCapabilityEntry {
  version: string;
  extends?: string | string[];
  [field: string]: unknown;
}

/** A capability registry: reverse-domain name -> its entries (one per version offered). */
export type UcpCapabilities = Record<string, readonly UcpCapabilityEntry[]>;

/**
 * The profile URL of a UCP-Agent header (RFC 8941 dictionary: `profile="https://…"`), or null
 * when the header is absent or has no `profile` member that is a string.
 */
export function profileUrlOf(header: string | null | undefined): string | null {
  if (!header) return null;
  // Dictionary members split at top-level commas; a quoted string may hold commas and escapes.
  const members: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < header.length; i++) {
    const ch = header[i]!;
    if (quoted && ch === "\\" && i + 1 < header.length) {
      current += ch + header[i + 1];
      i++;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (ch === "," && !quoted) {
      members.push(current);
      current = "";
      continue;
    }
    current += ch;
  }
  members.push(current);
  for (const member of members) {
    const match = /^\s*profile\s*=\s*"((?:[^"\\]|\\.)*)"\s*(?:;.*)?$/.exec(member);
    if (match) return match[1]!.replace(/\\(.)/g, "$1");
  }
  return null;
}

const VERSION = /^\d{4}-\d{2}-\d{2}$/;

function parentsOf(entry: UcpCapabilityEntry): string[] {
  if (entry.extends === undefined) return [];
  return Array.isArray(entry.extends) ? entry.extends : [entry.extends];
}

/**
 * The capabilities active for a session: each business capability the platform also lists, at
 * the highest version both list (dates compare as text in YYYY-MM-DD), then extensions without
 * any surviving parent removed, repeatedly (transitive chains).
 */
export function intersectCapabilities(
  business: UcpCapabilities,
  platform: UcpCapabilities,
): Record<string, UcpCapabilityEntry> {
  const chosen: Record<string, UcpCapabilityEntry> = {};
  for (const [name, entries] of Object.entries(business)) {
    const theirs = platform[name];
    if (!Array.isArray(theirs)) continue;
    const theirVersions = new Set(
      theirs.map((e) => e?.version).filter((v): v is string => typeof v === "string" && VERSION.test(v)),
    );
    const mutual = entries.filter((e) => theirVersions.has(e.version));
    if (mutual.length === 0) continue;
    chosen[name] = mutual.reduce((best, e) => (e.version > best.version ? e : best));
  }
  let pruned = true;
  while (pruned) {
    pruned = false;
    for (const [name, entry] of Object.entries(chosen)) {
      const parents = parentsOf(entry);
      if (parents.length > 0 && !parents.some((p) => p in chosen)) {
        delete chosen[name];
        pruned = true;
      }
    }
  }
  return chosen;
}

/**
 * Whether a platform's protocol version can be served: this shop's or a later one (a later
 * platform speaks down to the business's version); older versions are not kept.
 */
export function supportsProtocolVersion(platformVersion: unknown): boolean {
  return (
    typeof platformVersion === "string" && VERSION.test(platformVersion) && platformVersion >= UCP_VERSION
  );
}
