import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EnvSchema } from "./env.ts";

// docs/configuration.md is the operator's one list of settings: a variable the server reads but
// the page leaves out is a setting nobody can find.
const page = readFileSync(new URL("../../../docs/configuration.md", import.meta.url), "utf8");

describe("docs/configuration.md", () => {
  it("names every environment variable the server reads", () => {
    const missing = Object.keys(EnvSchema.shape).filter((name) => !page.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
