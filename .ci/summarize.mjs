// Prints "N passed, N failed" from the Vitest and Playwright summaries in a test log, and how
// many browser tests passed only on their retry ("flaky"): those hide a race worth fixing.
import { readFileSync } from "node:fs";

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colour codes.
const log = readFileSync(process.argv[2] ?? "/dev/stdin", "utf8").replace(/\x1b\[[0-9;]*m/g, "");
let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
for (const line of log.split("\n")) {
  const vitest = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
  if (vitest?.[1]) {
    passed += Number(/(\d+) passed/.exec(vitest[1])?.[1] ?? 0);
    failed += Number(/(\d+) failed/.exec(vitest[1])?.[1] ?? 0);
    skipped += Number(/(\d+) skipped/.exec(vitest[1])?.[1] ?? 0);
    continue;
  }
  const pwPassed = /^\s*(\d+) passed \(/.exec(line);
  if (pwPassed) passed += Number(pwPassed[1]);
  const pwFailed = /^\s*(\d+) failed\s*$/.exec(line);
  if (pwFailed) failed += Number(pwFailed[1]);
  const pwSkipped = /^\s*(\d+) skipped\s*$/.exec(line);
  if (pwSkipped) skipped += Number(pwSkipped[1]);
  const pwFlaky = /^\s*(\d+) flaky\s*$/.exec(line);
  if (pwFlaky) flaky += Number(pwFlaky[1]);
}
console.log(
  `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}${flaky ? `, ${flaky} flaky (passed on retry)` : ""}`,
);
