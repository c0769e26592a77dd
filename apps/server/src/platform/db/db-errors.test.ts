import { describe, expect, it } from "vitest";
import { unreachableDatabaseSentence } from "./db-errors.ts";

describe("a database server that does not answer at start", () => {
  it("is one sentence naming the failure, and other errors are left alone", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" });
    expect(unreachableDatabaseSentence(refused)).toBe(
      "The PostgreSQL server in DATABASE_URL does not answer (ECONNREFUSED); start it, or check its address, and start Haggle again.",
    );
    expect(unreachableDatabaseSentence(Object.assign(new Error("x"), { code: "28P01" }))).toBeNull();
    expect(unreachableDatabaseSentence(new Error("no code"))).toBeNull();
    expect(unreachableDatabaseSentence(null)).toBeNull();
  });
});
