import { describe, expect, it } from "vitest";
import { QueryGate } from "./query-gate.ts";

describe("QueryGate", () => {
  it("runs at most `running` at once, queues `waiting` more in order and refuses the rest", async () => {
    const gate = new QueryGate(2, 1);
    const releases: (() => void)[] = [];
    const started: number[] = [];
    const job = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n);
        releases.push(() => resolve(n));
      });
    const first = gate.run(job(1));
    const second = gate.run(job(2));
    const third = gate.run(job(3));
    expect(await gate.run(job(4))).toBeNull();
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    releases[0]!();
    expect(await first).toEqual({ value: 1 });
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([1, 2, 3]);
    releases[1]!();
    releases[2]!();
    expect(await second).toEqual({ value: 2 });
    expect(await third).toEqual({ value: 3 });
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("never runs the work of a request whose client left while it waited", async () => {
    const gate = new QueryGate(1, 1);
    let release = () => {};
    const first = gate.run(() => new Promise<void>((resolve) => (release = resolve)));
    const left = new AbortController();
    let ran = false;
    const waiting = gate.run(async () => {
      ran = true;
    }, left.signal);
    left.abort();
    release();
    await first;
    expect(await waiting).toBeNull();
    expect(ran).toBe(false);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("gives an abandoned waiter's place to the next request at once, not when a slot reaches it", async () => {
    const gate = new QueryGate(1, 2);
    let release = () => {};
    const first = gate.run(() => new Promise<string>((resolve) => (release = () => resolve("first"))));
    const clients = [new AbortController(), new AbortController()];
    const ran: string[] = [];
    const abandoned = clients.map((client, i) =>
      gate.run(async () => {
        ran.push(`abandoned ${i}`);
      }, client.signal),
    );
    for (const client of clients) client.abort();
    expect(await Promise.all(abandoned)).toEqual([null, null]);
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    // The two places are free while the first still runs: two new requests wait, a third is refused.
    const next = [gate.run(async () => "second"), gate.run(async () => "third")];
    expect(await gate.run(async () => "refused")).toBeNull();
    release();
    expect(await first).toEqual({ value: "first" });
    expect(await Promise.all(next)).toEqual([{ value: "second" }, { value: "third" }]);
    expect(ran).toEqual([]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("lets a running search whose client went away keep its slot but lend its place to one more waiter", async () => {
    const gate = new QueryGate(1, 1);
    let release = () => {};
    const client = new AbortController();
    const abandoned = gate.run(
      () => new Promise<string>((resolve) => (release = () => resolve("ghost"))),
      client.signal,
    );
    client.abort();
    // Its work still runs (the embedded database cannot stop it): the next two wait, the third is refused.
    const next = [gate.run(async () => "second"), gate.run(async () => "third")];
    expect(await gate.run(async () => "refused")).toBeNull();
    expect(gate.load).toEqual({ running: 1, waiting: 2 });
    release();
    expect(await abandoned).toEqual({ value: "ghost" });
    expect(await Promise.all(next)).toEqual([{ value: "second" }, { value: "third" }]);
    // Once it ended, the bound is the gate's own again.
    let finish = () => {};
    const running = gate.run(() => new Promise<void>((resolve) => (finish = resolve)));
    const waiting = gate.run(async () => "waited");
    expect(await gate.run(async () => "refused")).toBeNull();
    finish();
    await running;
    expect(await waiting).toEqual({ value: "waited" });
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a request whose client has already left, running nothing", async () => {
    const gate = new QueryGate(1, 1);
    const left = new AbortController();
    left.abort();
    let ran = false;
    expect(
      await gate.run(async () => {
        ran = true;
      }, left.signal),
    ).toBeNull();
    expect(ran).toBe(false);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the slot when the work fails", async () => {
    const gate = new QueryGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await gate.run(async () => 7)).toEqual({ value: 7 });
  });
});
