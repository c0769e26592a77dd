import { describe, expect, it } from "vitest";
import { ASSISTANT_NAME } from "./assistant-name.ts";

describe("ASSISTANT_NAME", () => {
  it("is Ava, as decisions.md names the assistant", () => {
    expect(ASSISTANT_NAME).toBe("Ava");
  });
});
