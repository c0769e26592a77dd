import { describe, expect, it } from "vitest";
import {
  intersectCapabilities,
  profileUrlOf,
  supportsProtocolVersion,
  UCP_VERSION,
} from "./ucp-negotiation.ts";

describe("the UCP-Agent header", () => {
  it("names the profile of an RFC 8941 dictionary, with other members and parameters around it", () => {
    expect(profileUrlOf('profile="https://agent.example/p.json"')).toBe("https://agent.example/p.json");
    expect(profileUrlOf('version="2026-04-08", profile="https://a.example/x,y";v=1')).toBe(
      "https://a.example/x,y",
    );
    expect(profileUrlOf('profile="https://a.example/\\"q"')).toBe('https://a.example/"q');
  });
  it("is null without a quoted profile member", () => {
    expect(profileUrlOf(undefined)).toBeNull();
    expect(profileUrlOf("")).toBeNull();
    expect(profileUrlOf("profile=https://a.example")).toBeNull();
    expect(profileUrlOf('agent="x"')).toBeNull();
  });
});

describe("capability intersection", () => {
  const business = {
    "dev.ucp.shopping.checkout": [{ version: "2026-01-23" }, { version: UCP_VERSION }],
    "dev.ucp.shopping.fulfillment": [{ version: UCP_VERSION, extends: "dev.ucp.shopping.checkout" }],
    "dev.ucp.shopping.discount": [
      { version: UCP_VERSION, extends: ["dev.ucp.shopping.checkout", "x.y.cart"] },
    ],
    "com.shop.gift_wrap": [{ version: UCP_VERSION, extends: "dev.ucp.shopping.fulfillment" }],
  };

  it("keeps the highest version both sides list", () => {
    const active = intersectCapabilities(business, {
      "dev.ucp.shopping.checkout": [
        { version: "2026-01-23" },
        { version: UCP_VERSION },
        { version: "2027-01-01" },
      ],
    });
    expect(Object.keys(active)).toEqual(["dev.ucp.shopping.checkout"]);
    expect(active["dev.ucp.shopping.checkout"]?.version).toBe(UCP_VERSION);
    const older = intersectCapabilities(business, {
      "dev.ucp.shopping.checkout": [{ version: "2026-01-23" }],
    });
    expect(older["dev.ucp.shopping.checkout"]?.version).toBe("2026-01-23");
  });

  it("drops a capability without a mutual version, and the extensions hanging from it, transitively", () => {
    const active = intersectCapabilities(business, {
      "dev.ucp.shopping.checkout": [{ version: "2025-01-01" }],
      "dev.ucp.shopping.fulfillment": [{ version: UCP_VERSION }],
      "dev.ucp.shopping.discount": [{ version: UCP_VERSION }],
      "com.shop.gift_wrap": [{ version: UCP_VERSION }],
    });
    expect(active).toEqual({});
  });

  it("keeps a multi-parent extension while one parent survives", () => {
    const active = intersectCapabilities(business, {
      "dev.ucp.shopping.checkout": [{ version: UCP_VERSION }],
      "dev.ucp.shopping.discount": [{ version: UCP_VERSION }],
    });
    expect(Object.keys(active).sort()).toEqual(["dev.ucp.shopping.checkout", "dev.ucp.shopping.discount"]);
  });

  it("ignores a platform registry that is not a list", () => {
    expect(intersectCapabilities(business, { "dev.ucp.shopping.checkout": "x" as never })).toEqual({});
  });
});

describe("the protocol version", () => {
  it("accepts this shop's version or a later one, refuses older or malformed ones", () => {
    expect(supportsProtocolVersion(UCP_VERSION)).toBe(true);
    expect(supportsProtocolVersion("2027-01-01")).toBe(true);
    expect(supportsProtocolVersion("2026-01-11")).toBe(false);
    expect(supportsProtocolVersion("latest")).toBe(false);
    expect(supportsProtocolVersion(undefined)).toBe(false);
  });
});
