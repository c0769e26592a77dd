import { describe, expect, it } from "vitest";
import { tagNamedBy } from "./catalogue-tags.ts";

const tags = new Set(["mesh", "soft-shell", "work-from-home", "sweatpants", "boot", "men", "gift"]);

describe("tagNamedBy", () => {
  it("finds a tag the message names as a whole, courtesy aside", () => {
    expect(tagNamedBy("mesh", tags)).toBe("mesh");
    expect(tagNamedBy("Soft shell please", tags)).toBe("soft-shell");
    expect(tagNamedBy("show me work from home stuff", tags)).toBe("work-from-home");
    expect(tagNamedBy("do you have sweatpants?", tags)).toBe("sweatpants");
  });

  it("reads a label written with spaces", () => {
    const spaced = new Set(["soft shell", "cross body", "heavy duty"]);
    expect(tagNamedBy("soft shell", spaced)).toBe("soft shell");
    expect(tagNamedBy("cross-body please", spaced)).toBe("cross body");
    expect(tagNamedBy("heavy duty", spaced)).toBe("heavy duty");
  });

  it("keeps a filler word the shop uses as its own label", () => {
    const own = new Set(["new", "cool", "basic"]);
    expect(tagNamedBy("new", own)).toBe("new");
    expect(tagNamedBy("show me cool stuff", own)).toBe("cool");
    expect(tagNamedBy("something basic please", own)).toBe("basic");
    // Without such a label the filler is still filler.
    expect(tagNamedBy("new", tags)).toBeNull();
  });

  it("reads the last word in another number", () => {
    expect(tagNamedBy("boots", tags)).toBe("boot");
    expect(tagNamedBy("sweatpant", tags)).toBe("sweatpants");
  });

  it("finds nothing in a sentence that is more than the tag", () => {
    expect(tagNamedBy("mesh running shoes", tags)).toBeNull();
    expect(tagNamedBy("something for my mom's kitchen", tags)).toBeNull();
    expect(tagNamedBy("hello", tags)).toBeNull();
    expect(tagNamedBy("", tags)).toBeNull();
  });
});
