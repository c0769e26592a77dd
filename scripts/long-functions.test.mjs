import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { longFunctions, SOURCE_ROOTS } from "./long-functions.mjs";

const made = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(files) {
  const root = mkdtempSync(path.join(tmpdir(), "long-functions-"));
  made.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

const lines = (n) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");

describe("long functions", () => {
  it("finds a component, an arrow and a method past the limit, and skips tests", () => {
    const root = tree({
      "a.tsx": `export function Form() {\n${lines(12)}\n  return null;\n}\n`,
      "b.ts": `export const step = () => {\n${lines(12)}\n};\nclass C {\n  m() {\n${lines(12)}\n  }\n}\n`,
      "short.ts": `export function ok() {\n${lines(3)}\n}\n`,
      "a.test.ts": `it("x", () => {\n${lines(40)}\n});\n`,
    });
    expect(
      longFunctions(10, [root])
        .map((f) => f.name)
        .sort(),
    ).toEqual(["Form", "m", "step"]);
  });

  it("finds none over 100 lines in the project's own code", () => {
    const found = longFunctions(100, SOURCE_ROOTS).map((f) => `${f.file}:${f.start} ${f.name} (${f.lines})`);
    expect(found).toEqual([]);
  }, 60_000);
});
