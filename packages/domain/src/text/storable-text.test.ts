import { describe, expect, it } from "vitest";
import { hasUnstorableText, isStorableText, storableText } from "./storable-text.ts";

const NUL = String.fromCharCode(0);
const HIGH = String.fromCharCode(0xd83d);
const LOW = String.fromCharCode(0xde00);

describe("storableText", () => {
  it("keeps ordinary text and whole surrogate pairs (emoji) as they are", () => {
    expect(storableText("running shoes 😀 café")).toBe("running shoes 😀 café");
    expect(isStorableText(`${HIGH}${LOW}`)).toBe(true);
  });

  it("removes NUL and replaces a lone surrogate, whichever half", () => {
    expect(storableText(`a${NUL}b`)).toBe("ab");
    expect(storableText(`x${HIGH}y`)).toBe("x\uFFFDy");
    expect(storableText(`x${LOW}`)).toBe("x\uFFFD");
    expect(storableText(`${LOW}${HIGH}`)).toBe("\uFFFD\uFFFD");
    expect(isStorableText(`${HIGH}`)).toBe(false);
  });

  it("finds unstorable text in nested values and keys", () => {
    expect(hasUnstorableText({ a: [1, { b: "fine" }] })).toBe(false);
    expect(hasUnstorableText({ a: [1, { b: `bad${NUL}` }] })).toBe(true);
    expect(hasUnstorableText({ [`k${HIGH}`]: 1 })).toBe(true);
  });
});
