import { describe, expect, it } from "vitest";
import { demoSettingsToRestore, noteSettingsChange } from "./demo-settings.ts";

const DEFAULTS = { escalation_rules: { ceilingPct: 20, ceilingAmount: 400 }, pricing: { taxPct: 10 } };
const visitor = (email: string) => ({ email, demoOnly: true });
const owner = { email: "owner@shop.test", demoOnly: false };

describe("settings changed in demo mode", () => {
  it("keep what a section was before the first demo change, and everyone who changed it", () => {
    let changes = noteSettingsChange(
      {},
      { section: "negotiation_limits", before: null, by: visitor("a@x.test") },
    );
    changes = noteSettingsChange(changes, {
      section: "negotiation_limits",
      before: { maxAutoDiscountPct: 90 },
      by: visitor("b@x.test"),
    });
    changes = noteSettingsChange(changes, {
      section: "negotiation_limits",
      before: { maxAutoDiscountPct: 80 },
      by: visitor("a@x.test"),
    });
    changes = noteSettingsChange(changes, {
      section: "escalation_rules",
      before: { ceilingPct: 25 },
      by: visitor("b@x.test"),
    });
    expect(demoSettingsToRestore(changes, DEFAULTS)).toEqual([
      {
        section: "escalation_rules",
        changedBy: ["b@x.test"],
        restoredTo: "saved",
        value: { ceilingPct: 25 },
      },
      {
        section: "negotiation_limits",
        changedBy: ["a@x.test", "b@x.test"],
        restoredTo: "defaults",
        value: null,
      },
    ]);
  });

  it("a section saved with the default values goes back to the defaults, whatever the order of its keys", () => {
    const changes = noteSettingsChange(
      {},
      {
        section: "escalation_rules",
        before: { ceilingAmount: 400, ceilingPct: 20 },
        by: visitor("a@x.test"),
      },
    );
    expect(demoSettingsToRestore(changes, DEFAULTS)[0]?.restoredTo).toBe("defaults");
  });

  it("a real merchant's save is kept: the section has nothing to put back, until a visitor changes it again", () => {
    let changes = noteSettingsChange({}, { section: "pricing", before: null, by: visitor("a@x.test") });
    changes = noteSettingsChange(changes, { section: "pricing", before: { taxPct: 50 }, by: owner });
    expect(demoSettingsToRestore(changes, DEFAULTS)).toEqual([]);
    changes = noteSettingsChange(changes, {
      section: "pricing",
      before: { taxPct: 8 },
      by: visitor("c@x.test"),
    });
    expect(demoSettingsToRestore(changes, DEFAULTS)).toEqual([
      { section: "pricing", changedBy: ["c@x.test"], restoredTo: "saved", value: { taxPct: 8 } },
    ]);
  });
});
