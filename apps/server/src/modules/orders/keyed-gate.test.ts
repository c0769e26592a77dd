import { describe, expect, it } from "vitest";
import { KeyedGate } from "./keyed-gate.ts";

const tick = () => new Promise((r) => setTimeout(r, 1));

describe("KeyedGate", () => {
  it("runs callers sharing a key one at a time, in arrival order", async () => {
    const gate = new KeyedGate();
    const events: string[] = [];
    let inside = 0;
    let most = 0;
    await Promise.all(
      ["a", "b", "c", "d"].map((name) =>
        gate.run(["hot"], async () => {
          inside++;
          most = Math.max(most, inside);
          events.push(name);
          await tick();
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(events).toEqual(["a", "b", "c", "d"]);
    expect(gate.size).toBe(0);
  });

  it("lets callers with different keys run at once", async () => {
    const gate = new KeyedGate();
    let inside = 0;
    let most = 0;
    await Promise.all(
      ["x", "y", "z"].map((key) =>
        gate.run([key], async () => {
          inside++;
          most = Math.max(most, inside);
          await tick();
          inside--;
        }),
      ),
    );
    expect(most).toBe(3);
  });

  it("never deadlocks callers that share keys named in opposite orders", async () => {
    const gate = new KeyedGate();
    const done = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        gate.run(i % 2 ? ["p", "q"] : ["q", "p"], async () => {
          await tick();
          return i;
        }),
      ),
    );
    expect(done).toHaveLength(20);
    expect(gate.size).toBe(0);
  });

  it("hands the key on when the work throws", async () => {
    const gate = new KeyedGate();
    await expect(gate.run(["k"], () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(gate.run(["k"], async () => "next")).resolves.toBe("next");
    expect(gate.size).toBe(0);
  });
});
