import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustProxy } from "./trust-proxy.ts";

describe("TRUST_PROXY and the client's address", () => {
  it("believes no header when unset", () => {
    expect(clientAddress("10.0.0.2", "1.2.3.4", parseTrustProxy(undefined))).toBe("10.0.0.2");
    expect(parseTrustProxy("0")).toBeNull();
  });

  it("takes the address the trusted hops name, never one a client wrote further left", () => {
    const one = parseTrustProxy("1");
    expect(clientAddress("10.0.0.2", "203.0.113.7", one)).toBe("203.0.113.7");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 203.0.113.7", one)).toBe("203.0.113.7");
    expect(clientAddress("::ffff:10.0.0.2", undefined, one)).toBe("10.0.0.2");
  });

  it("walks past proxies in the trusted CIDRs to the first address outside them", () => {
    const trust = parseTrustProxy("10.0.0.0/8, 192.168.1.5");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 203.0.113.7, 192.168.1.5", trust)).toBe("203.0.113.7");
    // A peer outside the list is the client itself, whatever it forwards.
    expect(clientAddress("198.51.100.1", "203.0.113.7", trust)).toBe("198.51.100.1");
    expect(clientAddress("10.0.0.2", "not-an-ip", trust)).toBe("10.0.0.2");
  });

  it("refuses what is neither hops nor addresses", () => {
    expect(() => parseTrustProxy("loopback")).toThrow(/not an address/);
    expect(() => parseTrustProxy("10.0.0.0/40")).toThrow(/prefix/);
  });
});
