import { BlockList, isIP } from "node:net";

/** Whose X-Forwarded-For is believed: the nearest `hops` proxies, or proxies at these addresses. */
export type TrustProxy = { hops: number } | { addresses: BlockList };

function family(address: string): "ipv4" | "ipv6" {
  return isIP(address) === 6 ? "ipv6" : "ipv4";
}

/** Reads TRUST_PROXY: a number of hops, or comma-separated addresses and CIDRs. Throws on nonsense. */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  if (value === undefined || value.trim() === "") return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? null : { hops };
  }
  const addresses = new BlockList();
  for (const entry of text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address = "", prefix] = entry.split("/");
    if (isIP(address) === 0) throw new Error(`"${entry}" is not an address or CIDR`);
    if (prefix === undefined) {
      addresses.addAddress(address, family(address));
      continue;
    }
    const bits = Number(prefix);
    const max = family(address) === "ipv6" ? 128 : 32;
    if (!/^\d+$/.test(prefix) || bits > max) throw new Error(`"${entry}" has no valid prefix length`);
    addresses.addSubnet(address, bits, family(address));
  }
  return { addresses };
}

/** "::ffff:10.0.0.1" is 10.0.0.1: sockets report IPv4 peers that way on dual-stack servers. */
function plain(address: string): string {
  const trimmed = address.trim();
  return trimmed.startsWith("::ffff:") && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

/**
 * The client's address: the connection's peer, unless trusted proxies stand in front; then the
 * address the nearest untrusted hop of X-Forwarded-For names. Entries that are no address end
 * the walk (a client can write anything at the far left of the header).
 */
export function clientAddress(
  peer: string,
  forwardedFor: string | undefined,
  trust: TrustProxy | null,
): string {
  const self = plain(peer);
  if (!trust || !forwardedFor) return self;
  const chain = [...forwardedFor.split(",").map(plain), self];
  if ("hops" in trust) {
    const index = Math.max(0, chain.length - 1 - trust.hops);
    const found = chain[index] ?? self;
    return isIP(found) ? found : self;
  }
  let index = chain.length - 1;
  for (;;) {
    const current = chain[index] ?? self;
    const trusted = isIP(current) !== 0 && trust.addresses.check(current, family(current));
    if (!trusted || index === 0) return isIP(current) ? current : self;
    index -= 1;
  }
}
