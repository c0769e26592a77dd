import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { listSources, needsBuild, stampOf, stampOfFiles } from "./build-stamp.mjs";

const files = [
  { path: "apps/web/src/main.tsx", contents: "render(<App />)" },
  { path: "packages/domain/src/money.ts", contents: "export const cents = 100;" },
];

describe("stampOf", () => {
  it("is the same for the same files in any order", () => {
    expect(stampOf(files)).toBe(stampOf([...files].reverse()));
  });

  it("changes when a file's contents change", () => {
    const edited = [files[0], { ...files[1], contents: "export const cents = 101;" }];
    expect(stampOf(edited)).not.toBe(stampOf(files));
  });

  it("changes when a file is added, removed or renamed", () => {
    expect(stampOf([...files, { path: "apps/web/src/new.ts", contents: "" }])).not.toBe(stampOf(files));
    expect(stampOf([files[0]])).not.toBe(stampOf(files));
    expect(stampOf([files[0], { ...files[1], path: "packages/domain/src/cash.ts" }])).not.toBe(
      stampOf(files),
    );
  });

  it("tells a missing file from an empty one", () => {
    expect(stampOf([{ path: "a.ts", contents: null }])).not.toBe(stampOf([{ path: "a.ts", contents: "" }]));
  });
});

describe("needsBuild", () => {
  it("builds when never built, when the sources changed, or when the output is gone", () => {
    expect(needsBuild({ recorded: undefined, current: "a", outputExists: false })).toBe(true);
    expect(needsBuild({ recorded: "a", current: "b", outputExists: true })).toBe(true);
    expect(needsBuild({ recorded: "a", current: "a", outputExists: false })).toBe(true);
  });

  it("does nothing when the output exists and was built from today's sources", () => {
    expect(needsBuild({ recorded: "a", current: "a", outputExists: true })).toBe(false);
  });
});

describe("sources on disk", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function write(file, contents) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), contents);
  }

  it("lists sources but not dependencies, build output or tests, and sees an edit", () => {
    root = mkdtempSync(path.join(tmpdir(), "haggle-stamp-"));
    write("package-lock.json", "{}");
    write("apps/web/index.html", "<div id=root>");
    write("apps/web/src/app.tsx", "export const App = 1;");
    write("apps/web/src/app.test.tsx", "test");
    write("apps/web/dist/index.html", "built");
    write("apps/web/node_modules/x/index.js", "dep");
    const sources = listSources(root, ["package-lock.json", "apps/web", "packages"]);
    expect(sources.sort()).toEqual(["apps/web/index.html", "apps/web/src/app.tsx", "package-lock.json"]);

    const before = stampOfFiles(root, sources);
    write("apps/web/src/app.test.tsx", "another test");
    write("apps/web/dist/index.html", "built again");
    expect(stampOfFiles(root, listSources(root, ["package-lock.json", "apps/web"]))).toBe(before);
    write("apps/web/src/app.tsx", "export const App = 2;");
    expect(stampOfFiles(root, listSources(root, ["package-lock.json", "apps/web"]))).not.toBe(before);
  });
});
