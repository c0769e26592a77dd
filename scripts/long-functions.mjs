// Lists the functions longer than a number of lines (100 by default), longest first, read with
// TypeScript's own parser: `node scripts/long-functions.mjs [max-lines] [folder ...]`.
// A function nested in another counts on its own and inside its parent.
// `scripts/long-functions.test.mjs` keeps every non-test function of the project within 100 lines.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** Where the project's own code lives (tests and specs are not counted). */
export const SOURCE_ROOTS = [
  "apps/server/src",
  "apps/web/src",
  "packages/domain/src",
  "packages/contract/src",
];

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return "(anonymous)";
}

/** The functions longer than `max` lines in the files under `roots`, longest first. */
export function longFunctions(max, roots) {
  const found = [];
  for (const root of roots) {
    for (const file of sourceFiles(root)) {
      const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
      const visit = (node) => {
        if (ts.isFunctionLike(node) && "body" in node && node.body) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
          if (end - start + 1 > max) found.push({ file, name: nameOf(node), start, lines: end - start + 1 });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found.sort((a, b) => b.lines - a.lines);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const max = /^\d+$/.test(args[0] ?? "") ? Number(args.shift()) : 100;
  const found = longFunctions(max, args.length > 0 ? args : SOURCE_ROOTS);
  for (const f of found) console.log(`${String(f.lines).padStart(5)}  ${f.file}:${f.start}  ${f.name}`);
  console.log(`${found.length} functions over ${max} lines`);
}
