import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { mergeClasses } from "./merge-classes";

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) sources(file, out);
    else if (/\.tsx?$/.test(name) && !name.includes(".test.")) out.push(file);
  }
  return out;
}

/** Every class the app writes: the words of its string literals that are lists of classes. */
function appClasses(): string[] {
  const classes = new Set<string>();
  for (const file of sources(path.resolve(import.meta.dirname, ".."))) {
    for (const match of readFileSync(file, "utf8").matchAll(/"([^"\n]*)"|`([^`]*)`/g)) {
      const words = (match[1] ?? match[2] ?? "")
        .replace(/\$\{[^}]*\}/g, " ")
        .split(/\s+/)
        .filter(Boolean);
      const looksLikeClasses = words.every((word) => /^[!a-z0-9@*[\]=&_>.:/%()'-]+$/i.test(word));
      if (words.length >= 2 && looksLikeClasses) for (const word of words) classes.add(word);
    }
  }
  // Only what tailwind-merge knows as a class: it keeps two of anything else (words, paths).
  return [...classes].filter((word) => twMerge(`${word} ${word}`) === word).sort();
}

describe("mergeClasses", () => {
  const classes = appClasses();

  it("finds the app's classes", () => {
    expect(classes.length).toBeGreaterThan(300);
    expect(classes).toContain("px-2.5");
  });

  it("merges every pair of the app's classes as tailwind-merge does", () => {
    const differences: string[] = [];
    for (const a of classes)
      for (const b of classes) {
        const input = `${a} ${b}`;
        if (mergeClasses(input) !== twMerge(input))
          differences.push(`${input} -> ${mergeClasses(input)} (tailwind-merge: ${twMerge(input)})`);
      }
    expect(differences.slice(0, 40)).toEqual([]);
  });

  it("lets a later padding win over an earlier one of the same side, keeps unrelated classes", () => {
    expect(mergeClasses("h-9 px-4 py-2 h-10 px-2.5")).toBe("py-2 h-10 px-2.5");
    expect(mergeClasses("p-2 px-3")).toBe("p-2 px-3");
    expect(mergeClasses("px-3 p-2")).toBe("p-2");
    expect(mergeClasses("text-sm text-muted-foreground md:text-base")).toBe(
      "text-sm text-muted-foreground md:text-base",
    );
  });
});
