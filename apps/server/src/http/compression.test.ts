import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { COMPRESS_IN_PLACE_MAX_BYTES, compressBody } from "./compression.ts";

/** JSON-like text of `size` bytes that compresses (repeats). */
function jsonOf(size: number): Buffer {
  const item = JSON.stringify({ id: "4ac8f4fa-409e-4d3b-b511-b4e3286d52ed", name: "Kettle", price: 49.99 });
  return Buffer.from(`[${`${item},`.repeat(Math.ceil(size / (item.length + 1)))}`.slice(0, size));
}

describe("compressBody", () => {
  it.each([
    ["an API answer, compressed in place", 1_300],
    ["a body past the in-place limit, compressed in the thread pool", COMPRESS_IN_PLACE_MAX_BYTES + 1],
  ])("gives back the same bytes through gzip and brotli: %s", async (_case, size) => {
    const raw = jsonOf(size);
    const gzipped = await compressBody(raw, "gzip");
    const brotlied = await compressBody(raw, "br");
    expect(gzipped.length).toBeLessThan(raw.length);
    expect(brotlied.length).toBeLessThan(raw.length);
    expect(gunzipSync(gzipped).equals(raw)).toBe(true);
    expect(brotliDecompressSync(brotlied).equals(raw)).toBe(true);
  });
});
