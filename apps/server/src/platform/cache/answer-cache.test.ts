import { describe, expect, it } from "vitest";
import { AnswerCache } from "./answer-cache.ts";

const answer = (body: string) => ({ body, etag: `W/"${body}"` });

describe("AnswerCache", () => {
  it("answers what it was given, and counts hits and misses", () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1000 });
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.set("/a", cache.generation, answer("A"))).toBe(true);
    expect(cache.get("/a")).toEqual(answer("A"));
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 1, hits: 1, misses: 1 });
  });

  it("drops an answer computed before an invalidation: a change that committed meanwhile wins", () => {
    const cache = new AnswerCache({ maxEntries: 10, maxBytes: 1000 });
    const started = cache.generation;
    cache.set("/kept", started, answer("old"));
    cache.invalidate();
    expect(cache.get("/kept")).toBeUndefined();
    // Read from the database before the change, finished after it: never served.
    expect(cache.set("/late", started, answer("stale"))).toBe(false);
    expect(cache.get("/late")).toBeUndefined();
    expect(cache.set("/late", cache.generation, answer("fresh"))).toBe(true);
    expect(cache.get("/late")?.body).toBe("fresh");
  });

  it("forgets the least recently used answers first, by count and by bytes", () => {
    const cache = new AnswerCache({ maxEntries: 2, maxBytes: 10 });
    const g = cache.generation;
    cache.set("/1", g, answer("aaa"));
    cache.set("/2", g, answer("bbb"));
    cache.get("/1"); // used: /2 is now the oldest
    cache.set("/3", g, answer("ccc"));
    expect([cache.get("/1")?.body, cache.get("/2"), cache.get("/3")?.body]).toEqual([
      "aaa",
      undefined,
      "ccc",
    ]);
    cache.set("/big", g, answer("dddddddd")); // 8 bytes: the others must make room
    expect(cache.stats().bytes).toBeLessThanOrEqual(10);
    expect(cache.get("/big")?.body).toBe("dddddddd");
    expect(cache.set("/huge", g, answer("x".repeat(11)))).toBe(false);
  });

  it("replaces an answer under the same key, counting its bytes once", () => {
    const cache = new AnswerCache({ maxEntries: 5, maxBytes: 100 });
    cache.set("/a", 0, answer("12345"));
    cache.set("/a", 0, answer("12"));
    expect(cache.stats()).toMatchObject({ entries: 1, bytes: 2 });
  });

  it("lets an answer live maxAgeMs at most, whatever notices were lost", () => {
    let now = 1_000;
    const cache = new AnswerCache({ maxEntries: 5, maxBytes: 100, maxAgeMs: 500 }, () => now);
    cache.set("/a", 0, answer("A"));
    now += 500;
    expect(cache.get("/a")?.body).toBe("A");
    now += 1;
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("keeps nothing when turned off", () => {
    const cache = new AnswerCache({ maxEntries: 0, maxBytes: 100 });
    expect(cache.enabled).toBe(false);
    expect(cache.set("/a", cache.generation, answer("A"))).toBe(false);
    expect(cache.size).toBe(0);
  });
});
