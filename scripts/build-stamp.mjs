// What a build was made from: a hash over the paths and contents of its source files. A build
// whose recorded stamp equals the stamp of today's sources (and whose output exists) is current.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Folders never part of a build's sources. */
const SKIPPED_DIRS = new Set(["node_modules", "dist", "dist-ssr", ".git", ".artifacts", "coverage"]);
/** Tests sit beside the code but are never bundled. */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/**
 * The stamp of a set of files: the same paths with the same contents give the same stamp, in
 * any order; a changed, added, removed or renamed file gives another. `contents` is null for a
 * file that does not exist.
 * @param {Array<{ path: string, contents: string | Uint8Array | null }>} files
 * @returns {string}
 */
export function stampOf(files) {
  const hash = createHash("sha256");
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const file of sorted) {
    const contentHash =
      file.contents === null ? "missing" : createHash("sha256").update(file.contents).digest("hex");
    hash.update(`${file.path}\0${contentHash}\n`);
  }
  return hash.digest("hex");
}

/**
 * Whether a target must be built: its output is missing, it was never built here, or its
 * sources changed since.
 * @param {{ recorded: string | undefined, current: string, outputExists: boolean }} target
 */
export function needsBuild({ recorded, current, outputExists }) {
  return !outputExists || recorded !== current;
}

/**
 * Every source file under the given files and folders (relative to root, with forward slashes),
 * leaving out dependencies, build output and tests.
 * @param {string} root
 * @param {string[]} entries
 * @returns {string[]}
 */
export function listSources(root, entries) {
  const found = [];
  const visit = (relative) => {
    const absolute = path.join(root, relative);
    if (!existsSync(absolute)) return;
    const dirents = readdirSync(absolute, { withFileTypes: true });
    for (const dirent of dirents) {
      const child = `${relative}/${dirent.name}`;
      if (dirent.isDirectory()) {
        if (!SKIPPED_DIRS.has(dirent.name)) visit(child);
      } else if (dirent.isFile() && !TEST_FILE.test(dirent.name)) {
        found.push(child);
      }
    }
  };
  for (const entry of entries) {
    const absolute = path.join(root, entry);
    if (!existsSync(absolute)) continue;
    if (statSync(absolute).isDirectory()) visit(entry);
    else found.push(entry);
  }
  return found;
}

/**
 * The stamp of files on disk (paths relative to root).
 * @param {string} root
 * @param {string[]} files
 */
export function stampOfFiles(root, files) {
  return stampOf(
    files.map((file) => {
      const absolute = path.join(root, file);
      return { path: file, contents: existsSync(absolute) ? readFileSync(absolute) : null };
    }),
  );
}
