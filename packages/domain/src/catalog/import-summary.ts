/** What an import did, as its totals count it: `updated` includes the rows that changed nothing. */
export interface ImportTotals {
  inserted: number;
  updated: number;
  /** Of the updated, those already exactly as in the file. */
  unchanged: number;
  failed: number;
}

const count = new Intl.NumberFormat("en-US");
const noun = (n: number, one: string, many = `${one}s`) => `${count.format(n)} ${n === 1 ? one : many}`;

/**
 * The import's closing sentence, for the Import page and the command line: "1 product added,
 * 2 updated, 17 unchanged, 1 row not imported (see the error report)." A product that was
 * already as in the file is unchanged, not updated.
 */
export function importSummary(totals: ImportTotals): string {
  const unchanged = Math.min(totals.unchanged, totals.updated);
  const parts = [noun(totals.inserted, "product"), "added", `${count.format(totals.updated - unchanged)} updated`];
  let sentence = `${parts[0]} ${parts[1]}, ${parts[2]}`;
  if (unchanged > 0) sentence += `, ${count.format(unchanged)} unchanged`;
  if (totals.failed > 0) return `${sentence}, ${noun(totals.failed, "row")} not imported (see the error report).`;
  return `${sentence}.`;
}
