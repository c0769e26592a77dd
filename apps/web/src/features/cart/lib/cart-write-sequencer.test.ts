import { describe, expect, it } from "vitest";
import { createCartWriteSequencer } from "./cart-write-sequencer";

describe("createCartWriteSequencer", () => {
  it("writes the answer of a change that ran alone", () => {
    const sequencer = createCartWriteSequencer();
    sequencer.start();
    expect(sequencer.finish()).toBe("write");
    sequencer.start();
    expect(sequencer.finish()).toBe("write");
  });

  it("refetches once after overlapping changes, whichever finishes first", () => {
    const sequencer = createCartWriteSequencer();
    sequencer.start();
    sequencer.start();
    expect(sequencer.finish()).toBe("wait");
    sequencer.start();
    expect(sequencer.finish()).toBe("wait");
    expect(sequencer.finish()).toBe("refetch");
    // The overlap is forgotten once everything has settled.
    sequencer.start();
    expect(sequencer.finish()).toBe("write");
  });
});
