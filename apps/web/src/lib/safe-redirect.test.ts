import { describe, expect, it } from "vitest";
import { safeRedirect, signInPath } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirect("/cart")).toBe("/cart");
    expect(safeRedirect("/orders?page=2#top")).toBe("/orders?page=2#top");
    expect(safeRedirect("/merchant/products")).toBe("/merchant/products");
  });

  it("falls back to / when there is no redirect", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect("")).toBe("/");
  });

  it("rejects other sites and tricks that browsers read as another host", () => {
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect("//evil.example")).toBe("/");
    expect(safeRedirect("/\\evil.example")).toBe("/");
    expect(safeRedirect("/\t/evil.example")).toBe("/");
    expect(safeRedirect("javascript:alert(1)")).toBe("/");
    expect(safeRedirect("cart")).toBe("/");
  });

  it("never sends the user back to the auth page itself", () => {
    expect(safeRedirect("/auth")).toBe("/");
    expect(safeRedirect("/auth?redirect=/cart")).toBe("/");
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("//x", "/orders")).toBe("/orders");
  });
});

describe("signInPath", () => {
  it("encodes the path and its query as one parameter", () => {
    expect(signInPath("/cart")).toBe("/auth?redirect=%2Fcart");
    expect(signInPath("/orders?a=1&b=2")).toBe("/auth?redirect=%2Forders%3Fa%3D1%26b%3D2");
  });

  it("round-trips through URLSearchParams", () => {
    const path = "/cart/negotiate?x=1&y=a b";
    const query = signInPath(path).split("?")[1] ?? "";
    expect(new URLSearchParams(query).get("redirect")).toBe(path);
  });
});
