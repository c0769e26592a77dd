import { describe, expect, it } from "vitest";
import { nameKey, Scanner, spaced, topLevelAlternatives, words } from "./request-scanner.ts";

describe("phrase patterns", () => {
  it("read a space as spaces or hyphens and ' ?' as an optional one", () => {
    expect(spaced("t ?shirt")).toBe("t[\\s-]*shirt");
    const tshirt = words("t ?shirts?");
    for (const text of ["a t-shirt", "tshirts", "t  shirt"]) expect(text.match(tshirt)).not.toBeNull();
    expect("tshirtdress".match(tshirt)).toBeNull();
  });

  it("split alternatives outside parentheses only", () => {
    expect(topLevelAlternatives("a|b(?:c|d)|e\\|f")).toEqual(["a", "b(?:c|d)", "e\\|f"]);
  });

  it("compare catalogue names by lower case, 'and' for '&' and single spaces", () => {
    expect(nameKey("Home  &  Kitchen")).toBe("home and kitchen");
  });
});

describe("Scanner", () => {
  it("masks what it takes, so a later pattern cannot read it again", () => {
    const s = new Scanner("under 100 and 100 more");
    const seen: string[] = [];
    s.take(/under \d+/gu, () => true);
    s.take(/\d+/gu, (m) => {
      seen.push(m[0]);
      return false;
    });
    expect(seen).toEqual(["100"]);
    expect(s.text.startsWith("under")).toBe(false);
    expect(s.original).toBe("under 100 and 100 more");
  });

  it("knows the word before a position in the original text", () => {
    const s = new Scanner("show me 5 tents");
    expect(s.wordBefore(8)).toBe("me");
    expect(s.wordBefore(0)).toBe("");
  });
});
