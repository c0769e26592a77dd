import { describe, expect, it } from "vitest";
import { readFloat4Array } from "./exact-vector-search.ts";

/** What PostgreSQL's array_send gives for a one-dimensional real[] (element type oid 700). */
function arraySend(values: number[], elementLength = 4): Uint8Array {
  const bytes = new Uint8Array(20 + values.length * 8);
  const view = new DataView(bytes.buffer);
  view.setInt32(0, 1); // dimensions
  view.setInt32(4, 0); // no nulls
  view.setInt32(8, 700); // float4
  view.setInt32(12, values.length);
  view.setInt32(16, 1); // lower bound
  values.forEach((v, i) => {
    view.setInt32(20 + i * 8, elementLength);
    view.setFloat32(24 + i * 8, v);
  });
  return bytes;
}

describe("readFloat4Array", () => {
  it("reads a real[] in PostgreSQL's binary format", () => {
    expect([...(readFloat4Array(arraySend([0.5, -1, 0.25])) ?? [])]).toEqual([0.5, -1, 0.25]);
    expect(readFloat4Array(arraySend([]))?.length).toBe(0);
  });

  it("reads a vector inside a larger buffer (as drivers hand them over)", () => {
    const inner = arraySend([1, 2]);
    const outer = new Uint8Array(inner.length + 7);
    outer.set(inner, 7);
    expect([...(readFloat4Array(outer.subarray(7)) ?? [])]).toEqual([1, 2]);
  });

  it("is null for anything else: other dimensions, sizes, element lengths, non-finite numbers", () => {
    const twoDimensions = arraySend([1]);
    new DataView(twoDimensions.buffer).setInt32(0, 2);
    expect(readFloat4Array(twoDimensions)).toBeNull();
    expect(readFloat4Array(arraySend([1, 2]).subarray(0, 30))).toBeNull();
    expect(readFloat4Array(arraySend([1], 8))).toBeNull();
    expect(readFloat4Array(arraySend([Number.NaN]))).toBeNull();
    expect(readFloat4Array(new Uint8Array(3))).toBeNull();
  });
});
