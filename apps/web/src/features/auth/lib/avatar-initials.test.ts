import { describe, expect, it } from "vitest";
import { avatarInitials } from "./avatar-initials";

describe("avatarInitials", () => {
  it("takes the first two letters of the e-mail in upper case", () => {
    expect(avatarInitials("jane.doe@example.com")).toBe("JA");
    expect(avatarInitials("Bo@x.io")).toBe("BO");
  });

  it("uses what there is for a one-character address", () => {
    expect(avatarInitials("q")).toBe("Q");
  });

  it("shows U when there is no e-mail", () => {
    expect(avatarInitials(undefined)).toBe("U");
    expect(avatarInitials(null)).toBe("U");
    expect(avatarInitials("")).toBe("U");
    expect(avatarInitials("   ")).toBe("U");
  });
});
