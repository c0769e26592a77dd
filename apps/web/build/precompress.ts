import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: scripts, styles, the page, JSON, SVG, the web manifest. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // The manifest is for tools, never served.
      if (entry.name !== ".vite") yield* filesUnder(full);
    } else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip level 9) beside every
 * compressible file of the build, once, at build time; the server sends the one the browser
 * accepts instead of compressing the same bytes on every request. A copy that would not be
 * smaller is not written.
 */
export async function precompressDir(
  dir: string,
): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for await (const file of filesUnder(dir)) {
    const size = (await stat(file)).size;
    if (size < MIN_BYTES) continue;
    const raw = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzipAsync(raw, { level: 9 }),
    ]);
    if (br.length < raw.length) await writeFile(`${file}.br`, br);
    if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
    files += 1;
    bytes += raw.length;
    brotliBytes += Math.min(br.length, raw.length);
  }
  return { files, bytes, brotliBytes };
}

/** The Vite plugin: precompresses the output folder when a production build is written. */
export function precompress(): Plugin {
  let outDir = "";
  return {
    name: "haggle-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { files, bytes, brotliBytes } = await precompressDir(outDir);
      this.info?.(
        `precompressed ${files} files: ${(bytes / 1000).toFixed(1)} kB -> ${(brotliBytes / 1000).toFixed(1)} kB brotli (and .gz beside)`,
      );
    },
  };
}
