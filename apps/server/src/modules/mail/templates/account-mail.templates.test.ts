import { ACCOUNT_MAIL_KINDS } from "@haggle/domain/mail/account-mail";
import { describe, expect, it } from "vitest";
import { renderAccountMail } from "./account-mail.templates.tsx";

const url = "http://shop.test/verify-email?token=a.b-c_d&x=1";

describe("account e-mail templates", () => {
  it.each(ACCOUNT_MAIL_KINDS)("render %s as HTML and plain text with the same link", async (kind) => {
    const mail = await renderAccountMail(kind, {
      name: "Jane <b>Doe</b>",
      url,
      shopName: "Haggle",
      expiresInMinutes: 60,
    });
    expect(mail.html).toContain('lang="en"');
    // The button and the written-out link both carry the whole URL (its & escaped in HTML).
    expect(mail.html.split(url.replace("&", "&amp;")).length - 1).toBeGreaterThanOrEqual(3);
    expect(mail.text).toContain(url);
    expect(mail.html).not.toContain("<b>Doe</b>");
    expect(mail.subject.length).toBeGreaterThan(0);
  });
});
