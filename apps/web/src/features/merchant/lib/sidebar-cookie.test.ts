import { describe, expect, it } from "vitest";
import { readSidebarState, sidebarCookie } from "./sidebar-cookie";

describe("the sidebar cookie", () => {
  it("lasts 7 days on every path", () => {
    expect(sidebarCookie(false)).toBe("sidebar_state=false; path=/; max-age=604800; SameSite=Lax");
  });

  it("reads the state back among other cookies, and nothing when it is missing or garbled", () => {
    expect(readSidebarState("a=1; sidebar_state=false; b=2")).toBe(false);
    expect(readSidebarState("sidebar_state=true")).toBe(true);
    expect(readSidebarState("a=1")).toBeNull();
    expect(readSidebarState("sidebar_state=maybe")).toBeNull();
    expect(readSidebarState("")).toBeNull();
  });
});
