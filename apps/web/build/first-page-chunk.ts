import path from "node:path";

interface ChunkingContext {
  getModuleInfo(moduleId: string): { importedIds: readonly string[] } | null;
}

/**
 * One chunk for everything the entry imports statically (React, the router, the query cache, the
 * layout with its header and cart, the API client, …): every page loads all of it before anything
 * else, so keeping it together costs no page anything. Left to itself Rolldown cuts the modules
 * that lazy screens import too (React, the query cache, the class helpers, the API client) into
 * small chunks of their own, each compressed without the others' words: the first pages' scripts
 * were about 2.5 KB gzip heavier (docs/decisions/0018-initial-javascript.md, third round).
 *
 * A Rolldown `codeSplitting` group's `name`: "first-page" for such a module, null for any other
 * (screens and what only they import keep their own chunks). The entry module stays the entry.
 */
export function firstPageChunk(entry: string) {
  const sets = new WeakMap<ChunkingContext, Set<string>>();
  return (moduleId: string, context: ChunkingContext): string | null => {
    let reached = sets.get(context);
    if (!reached) {
      reached = new Set();
      const stack = [path.resolve(entry)];
      for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
        if (reached.has(next)) continue;
        reached.add(next);
        stack.push(...(context.getModuleInfo(next)?.importedIds ?? []));
      }
      reached.delete(path.resolve(entry));
      sets.set(context, reached);
    }
    return reached.has(moduleId) ? "first-page" : null;
  };
}
