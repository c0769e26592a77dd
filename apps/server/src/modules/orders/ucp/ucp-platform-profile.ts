import { lookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { DomainError } from "@haggle/domain/errors";

/*
 * The platform's UCP profile, fetched as the spec asks a business to (Profile Requirements ->
 * Fetching) and safely, since its URL comes from a stranger's request header: https only, no
 * redirects, a connect-and-answer deadline, a size cap, and never an address inside this
 * network (loopback, private, link-local, unique-local, multicast, CGNAT, unspecified),
 * checked on the address actually connected to so DNS rebinding cannot slip past. Answers are
 * kept in a fixed-size cache for at least a minute (failures for ten seconds), so a flood of
 * requests naming one URL costs one fetch.
 */

export const PROFILE_MAX_BYTES = 64 * 1024;
const DEADLINE_MS = 3000;
const MIN_TTL_MS = 60_000;
const MAX_TTL_MS = 3_600_000;
const FAILURE_TTL_MS = 10_000;
const CACHE_ENTRIES = 256;
const MAX_URL = 2048;

export interface ProfileFetchOptions {
  /** Tests only (UCP_PROFILE_ALLOW_PRIVATE_HOSTS): plain http and addresses on this machine are fetched. */
  allowPrivateHosts: boolean;
}

/** A failed discovery: the spec's code and status (invalid_profile_url 400, unreachable 424, malformed 422). */
export class ProfileFailure extends DomainError {
  constructor(
    readonly ucpCode:
      | "invalid_profile_url"
      | "profile_unreachable"
      | "profile_malformed"
      | "version_unsupported",
    readonly status: 400 | 422 | 424,
    message: string,
  ) {
    super("invalid", ucpCode.toUpperCase(), message);
  }
}

const BLOCKED = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  BLOCKED.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  BLOCKED.addSubnet(net, bits, "ipv6");

/** Whether an address is one a stranger's URL must never reach. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // BlockList checks an IPv4 address against the IPv6 rules' mapped form as well (::ffff:a.b.c.d).
  return BLOCKED.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** DNS lookup that refuses internal addresses: the check happens on what the socket connects to. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    const list = addresses as { address: string; family: number }[];
    const usable = list.filter((a) => !isInternalAddress(a.address));
    if (usable.length === 0 || usable.length !== list.length)
      return callback(Object.assign(new Error("internal address"), { code: "EINTERNAL" }), "", 4);
    if ((options as { all?: boolean }).all) return callback(null, usable as never, 4);
    return callback(null, usable[0]!.address, usable[0]!.family);
  });
};

function checkedUrl(raw: string, options: ProfileFetchOptions): URL {
  const invalidUrl = (why: string) => new ProfileFailure("invalid_profile_url", 400, why);
  if (raw.length > MAX_URL) throw invalidUrl(`The profile URL can be at most ${MAX_URL} characters.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidUrl("The UCP-Agent profile is not a URL.");
  }
  const httpAllowed = options.allowPrivateHosts && url.protocol === "http:";
  if (url.protocol !== "https:" && !httpAllowed) throw invalidUrl("The profile URL must use https.");
  if (url.username || url.password)
    throw invalidUrl("The profile URL must not carry a user name or password.");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!options.allowPrivateHosts && (host === "localhost" || (isIP(host) !== 0 && isInternalAddress(host))))
    throw invalidUrl("The profile URL must name a public host.");
  return url;
}

interface Fetched {
  status: number;
  cacheControl: string | undefined;
  body: string;
}

function fetchOnce(url: URL, options: ProfileFetchOptions): Promise<Fetched> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "GET",
        headers: { accept: "application/json", "user-agent": "Haggle-UCP-Business/1" },
        timeout: DEADLINE_MS,
        ...(options.allowPrivateHosts ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > PROFILE_MAX_BYTES) {
            request.destroy(Object.assign(new Error("too large"), { code: "ETOOLARGE" }));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            cacheControl: response.headers["cache-control"],
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    const deadline = setTimeout(
      () => request.destroy(Object.assign(new Error("deadline"), { code: "ETIMEDOUT" })),
      DEADLINE_MS,
    );
    request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "ETIMEDOUT" })));
    request.on("error", (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.on("close", () => clearTimeout(deadline));
    request.end();
  });
}

function ttlOf(cacheControl: string | undefined): number {
  const maxAge = /max-age=(\d+)/.exec(cacheControl ?? "");
  const seconds = maxAge ? Number(maxAge[1]) : 0;
  return Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, seconds * 1000));
}

/** The reason an error of the fetch gives the platform, without internals. */
function unreachable(error: unknown): ProfileFailure {
  const code = (error as { code?: string }).code;
  const why =
    code === "EINTERNAL"
      ? "its host resolves to an address inside a private network"
      : code === "ETOOLARGE"
        ? `it is larger than ${PROFILE_MAX_BYTES / 1024} KB`
        : code === "ETIMEDOUT"
          ? `it did not answer within ${DEADLINE_MS / 1000} seconds`
          : code === "ENOTFOUND"
            ? "its host does not resolve"
            : "the connection failed";
  return new ProfileFailure("profile_unreachable", 424, `Unable to fetch the platform profile: ${why}.`);
}

type Entry = { until: number; profile?: Record<string, unknown>; failure?: ProfileFailure };

/** A fixed-size cache of fetched profiles (a Map keeps insertion order: the oldest goes first). */
export class PlatformProfiles {
  private readonly cache = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Entry>>();

  constructor(private readonly options: ProfileFetchOptions) {}

  /** The profile at `raw` as a JSON object, or a ProfileFailure with the spec's code. */
  async get(raw: string, now = Date.now()): Promise<Record<string, unknown>> {
    const url = checkedUrl(raw, this.options);
    const key = url.href;
    let entry = this.cache.get(key);
    if (!entry || entry.until <= now) {
      let running = this.pending.get(key);
      if (!running) {
        running = this.load(url, now).finally(() => this.pending.delete(key));
        this.pending.set(key, running);
      }
      entry = await running;
      this.cache.delete(key);
      this.cache.set(key, entry);
      while (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    }
    if (entry.failure) throw entry.failure;
    return entry.profile!;
  }

  private async load(url: URL, now: number): Promise<Entry> {
    const failed = (failure: ProfileFailure): Entry => ({ until: now + FAILURE_TTL_MS, failure });
    let fetched: Fetched;
    try {
      fetched = await fetchOnce(url, this.options);
    } catch (error) {
      return failed(unreachable(error));
    }
    if (fetched.status >= 300 && fetched.status < 400)
      return failed(
        new ProfileFailure(
          "profile_unreachable",
          424,
          "Unable to fetch the platform profile: it redirects, and profiles must not.",
        ),
      );
    if (fetched.status < 200 || fetched.status >= 300)
      return failed(
        new ProfileFailure(
          "profile_unreachable",
          424,
          `Unable to fetch the platform profile: it answered ${fetched.status}.`,
        ),
      );
    let json: unknown;
    try {
      json = JSON.parse(fetched.body);
    } catch {
      return failed(new ProfileFailure("profile_malformed", 422, "The platform profile is not valid JSON."));
    }
    const ucp = (json as { ucp?: unknown } | null)?.ucp as Record<string, unknown> | undefined;
    if (
      typeof json !== "object" ||
      json === null ||
      Array.isArray(json) ||
      typeof ucp !== "object" ||
      ucp === null
    )
      return failed(new ProfileFailure("profile_malformed", 422, "The platform profile has no ucp object."));
    if (typeof ucp.version !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(ucp.version))
      return failed(
        new ProfileFailure(
          "profile_malformed",
          422,
          "The platform profile's ucp.version must be a date such as 2026-04-08.",
        ),
      );
    const capabilities = ucp.capabilities;
    if (
      capabilities !== undefined &&
      (typeof capabilities !== "object" || capabilities === null || Array.isArray(capabilities))
    )
      return failed(
        new ProfileFailure(
          "profile_malformed",
          422,
          "The platform profile's ucp.capabilities must be an object.",
        ),
      );
    return { until: now + ttlOf(fetched.cacheControl), profile: json as Record<string, unknown> };
  }
}
