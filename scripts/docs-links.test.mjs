import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** The Markdown files a reader opens: the front door, the docs and the decision records. */
function markdownFiles() {
  const files = ["README.md", "bench/README.md", "e2e/README.md", "bench/assistant-eval/README.md"];
  for (const dir of ["docs", "docs/decisions"])
    for (const name of readdirSync(path.join(root, dir)))
      if (name.endsWith(".md")) files.push(`${dir}/${name}`);
  return files.filter((file) => existsSync(path.join(root, file)));
}

/** Every link or picture that names a file in the repository (not a web address, not a heading). */
function localTargets(text) {
  const targets = [];
  for (const [, target] of text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue;
    targets.push(decodeURIComponent(target.split("#")[0]));
  }
  return targets;
}

describe("links in the documentation", () => {
  it("every link and picture to a file of the repository points to one that exists", () => {
    const broken = [];
    for (const file of markdownFiles()) {
      const text = readFileSync(path.join(root, file), "utf8");
      for (const target of localTargets(text)) {
        const resolved = path.resolve(path.dirname(path.join(root, file)), target);
        if (!existsSync(resolved)) broken.push(`${file} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
