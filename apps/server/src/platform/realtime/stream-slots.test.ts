import { describe, expect, it } from "vitest";
import { StreamSlots } from "./stream-slots.ts";

describe("StreamSlots", () => {
  const limits = { perUser: 2, perIp: 3, total: 4 };

  it("refuses past the per-account, per-address and total caps, and frees slots once", () => {
    const slots = new StreamSlots();
    const a1 = slots.take("a", "1.1.1.1", limits);
    const a2 = slots.take("a", "1.1.1.1", limits);
    expect(slots.take("a", "2.2.2.2", limits)).toBe("user");
    const b1 = slots.take("b", "1.1.1.1", limits);
    expect(slots.take("c", "1.1.1.1", limits)).toBe("ip");
    const c1 = slots.take("c", "2.2.2.2", limits);
    expect(slots.take("d", "3.3.3.3", limits)).toBe("total");
    expect(slots.size).toBe(4);
    for (const release of [a1, a2, b1, c1]) {
      if (typeof release !== "function") throw new Error("a slot was refused");
      release();
      release();
    }
    expect(slots.size).toBe(0);
    expect(typeof slots.take("a", "1.1.1.1", limits)).toBe("function");
  });
});
