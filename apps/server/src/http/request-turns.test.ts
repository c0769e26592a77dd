import { describe, expect, it } from "vitest";
import { inTurns, RequestTurns } from "./request-turns.ts";

const nextTurn = () => new Promise((r) => setImmediate(r));

describe("requests taking turns", () => {
  it("starts at most a few requests per turn of the event loop, in order, the probes at once", async () => {
    const started: string[] = [];
    const fetch = inTurns((request: Request) => {
      started.push(new URL(request.url).pathname);
      return new Response("ok");
    }, new RequestTurns(2));
    const answers = ["/a", "/b", "/c", "/d", "/e"].map((path) =>
      fetch(new Request(`http://shop.test${path}`, { method: "POST" })),
    );
    // A probe arriving behind five requests is answered before any of them starts.
    await fetch(new Request("http://shop.test/healthz"));
    expect(started).toEqual(["/healthz"]);
    await nextTurn();
    expect(started).toEqual(["/healthz", "/a", "/b"]);
    await nextTurn();
    expect(started).toEqual(["/healthz", "/a", "/b", "/c", "/d"]);
    await Promise.all(answers);
    expect(started).toEqual(["/healthz", "/a", "/b", "/c", "/d", "/e"]);
  });

  it("gives a lone request its turn on the loop's next turn", async () => {
    const turns = new RequestTurns(8);
    let started = false;
    const taken = turns.take().then(() => {
      started = true;
    });
    expect(turns.queued).toBe(1);
    await taken;
    expect(started).toBe(true);
    expect(turns.queued).toBe(0);
  });
});
