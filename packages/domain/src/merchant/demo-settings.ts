/**
 * Settings changed in demo mode must not outlive it: anyone signed in may change them then, and
 * a shop restarted without demo mode kept a visitor's 90% automatic discount. So each section a
 * demo visitor changes keeps what it was before the first such change (null: never saved, the
 * defaults), and who changed it; a real merchant's or admin's save makes their value the one to
 * keep. When demo mode ends, each recorded section goes back to what it was kept as.
 */

/** Per section: what it was before demo visitors changed it, and who did. */
export type DemoSettingsChanges = Record<string, { before: unknown | null; changedBy: string[] }>;

export interface SettingsChange {
  section: string;
  /** The section as stored before this change (null: never saved). */
  before: unknown | null;
  /** Who saves it, and whether only demo mode lets them (no role or admin right outside it). */
  by: { email: string; demoOnly: boolean };
}

/** The record after one more save of a section. */
export function noteSettingsChange(
  changes: DemoSettingsChanges,
  change: SettingsChange,
): DemoSettingsChanges {
  const { [change.section]: known, ...others } = changes;
  // A real merchant's value is what the shop keeps: nothing to put back for this section.
  if (!change.by.demoOnly) return others;
  const changedBy = known?.changedBy ?? [];
  return {
    ...others,
    [change.section]: {
      before: known ? known.before : change.before,
      changedBy: changedBy.includes(change.by.email) ? changedBy : [...changedBy, change.by.email],
    },
  };
}

export interface DemoSettingsResetSection {
  section: string;
  changedBy: string[];
  restoredTo: "defaults" | "saved";
}

/** JSON values equal whatever the order of their keys (jsonb keeps its own). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/**
 * What ending demo mode puts back: each recorded section, in a stable order. A section goes back
 * to `defaults` when it was never saved, or saved with the default values (a save of another
 * section writes the unsaved ones as they stand).
 */
export function demoSettingsToRestore(
  changes: DemoSettingsChanges,
  defaults: object,
): (DemoSettingsResetSection & { value: unknown | null })[] {
  return Object.keys(changes)
    .sort()
    .map((section) => {
      const { before, changedBy } = changes[section] as DemoSettingsChanges[string];
      const byDefault = before === null || sameJson(before, (defaults as Record<string, unknown>)[section]);
      return { section, changedBy, restoredTo: byDefault ? "defaults" : "saved", value: before };
    });
}
