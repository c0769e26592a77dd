import { describe, expect, it } from "vitest";
import { accessEndedSentence } from "./access-ended.ts";

describe("accessEndedSentence", () => {
  it("names the revoked keys, one or many, and says when there were none", () => {
    expect(accessEndedSentence("password-reset", 2)).toBe(
      "Your password has been changed and every session of the account was signed out. 2 API keys were revoked too: agents using them need a new key from your account page.",
    );
    expect(accessEndedSentence("sign-out-everywhere", 1)).toBe(
      "Every session of the account was signed out. 1 API key was revoked too: agents using it need a new key from your account page.",
    );
    expect(accessEndedSentence("sign-out-elsewhere", 0)).toBe(
      "Every other session of the account was signed out. The account had no API keys to revoke.",
    );
  });
});
