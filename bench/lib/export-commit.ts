import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const repo = path.resolve(import.meta.dirname, "../..");

/**
 * One commit of this repository's tree in a temporary folder (removed when the process
 * exits), sharing this tree's installed packages: a "before" server for a bench that compares
 * two versions in one run, without a second worktree or install.
 */
export function exportCommit(ref: string): string {
  const commit = execFileSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], { cwd: repo })
    .toString()
    .trim();
  const dir = mkdtempSync(path.join(os.tmpdir(), `haggle-${commit.slice(0, 8)}-`));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  execFileSync("sh", ["-c", `git archive ${commit} | tar -x -C '${dir}'`], { cwd: repo });
  // This tree's installed packages, each linked; the workspaces' own (@haggle/*) are the
  // exported commit's, linked as npm links them, so the old server runs its own domain code.
  const modules = path.join(dir, "node_modules");
  mkdirSync(modules);
  for (const entry of readdirSync(path.join(repo, "node_modules"))) {
    if (entry !== "@haggle") symlinkSync(path.join(repo, "node_modules", entry), path.join(modules, entry));
  }
  mkdirSync(path.join(modules, "@haggle"));
  for (const link of readdirSync(path.join(repo, "node_modules", "@haggle"))) {
    const target = readlinkSync(path.join(repo, "node_modules", "@haggle", link));
    symlinkSync(target, path.join(modules, "@haggle", link));
  }
  console.log(`# before: ${ref} (${commit.slice(0, 12)}) exported to ${dir}\n`);
  return dir;
}
