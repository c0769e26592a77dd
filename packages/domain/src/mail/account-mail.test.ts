import { describe, expect, it } from "vitest";
import { accountMailText, buildAccountMail, durationText, isAccountMailKind } from "./account-mail.ts";

const input = {
  name: "Jane Doe",
  url: "http://shop.test/verify-email?token=abc",
  shopName: "Haggle",
  expiresInMinutes: 1440,
};

describe("account e-mails", () => {
  it("ask to verify the address with the link, how long it works and what to do if unasked", () => {
    const mail = buildAccountMail("verify-email", input);
    expect(mail.subject).toBe("Verify your e-mail for Haggle");
    expect(mail.heading).toBe("Verify your e-mail");
    expect(mail.paragraphs[0]).toBe("Hi Jane,");
    expect(mail.paragraphs[1]).toContain("works for 24 hours");
    expect(mail.action).toEqual({ label: "Verify my e-mail", url: input.url });
    expect(mail.notice).toContain("Forgot password?");
  });

  it("offer a password reset that works once and signs the account out elsewhere", () => {
    const mail = buildAccountMail("reset-password", {
      ...input,
      url: "http://shop.test/reset-password?token=xyz",
      expiresInMinutes: 60,
    });
    expect(mail.subject).toBe("Reset your Haggle password");
    expect(mail.paragraphs[1]).toContain("works once, for 1 hour");
    expect(mail.paragraphs[2]).toBe(
      "Resetting the password signs the account out everywhere else and revokes its API keys.",
    );
    expect(mail.action.url).toBe("http://shop.test/reset-password?token=xyz");
  });

  it("carry the same words and link in the plain-text part", () => {
    const mail = buildAccountMail("reset-password", input);
    const text = accountMailText(mail);
    expect(text).toContain(`Choose a new password: ${input.url}`);
    for (const p of mail.paragraphs) expect(text).toContain(p);
    expect(text).toContain(mail.notice);
  });

  it("greet a blank or hostile name safely", () => {
    expect(buildAccountMail("verify-email", { ...input, name: "  " }).paragraphs[0]).toBe("Hi,");
    expect(buildAccountMail("verify-email", { ...input, name: "Eve\r\nBcc: x" }).paragraphs[0]).toBe(
      "Hi Eve,",
    );
  });

  it("say durations in words and know its kinds", () => {
    expect(durationText(60)).toBe("1 hour");
    expect(durationText(30)).toBe("30 minutes");
    expect(isAccountMailKind("verify-email")).toBe(true);
    expect(isAccountMailKind("order-shipped")).toBe(false);
  });
});
