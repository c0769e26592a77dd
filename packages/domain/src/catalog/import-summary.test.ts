import { describe, expect, it } from "vitest";
import { importSummary } from "./import-summary.ts";

describe("the import's closing sentence", () => {
  it("says what was added, updated and left as it was, in the right number", () => {
    expect(importSummary({ inserted: 2, updated: 0, unchanged: 0, failed: 2 })).toBe(
      "2 products added, 0 updated, 2 rows not imported (see the error report).",
    );
    expect(importSummary({ inserted: 1, updated: 3, unchanged: 1, failed: 1 })).toBe(
      "1 product added, 2 updated, 1 unchanged, 1 row not imported (see the error report).",
    );
    expect(importSummary({ inserted: 1_500, updated: 0, unchanged: 0, failed: 0 })).toBe(
      "1,500 products added, 0 updated.",
    );
  });

  it("calls an unchanged re-import unchanged, not updated", () => {
    expect(importSummary({ inserted: 0, updated: 17, unchanged: 17, failed: 0 })).toBe(
      "0 products added, 0 updated, 17 unchanged.",
    );
  });
});
