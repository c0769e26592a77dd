import { oneLine } from "./order-mail.ts";

/**
 * What the account e-mails say: the e-mail check and the password reset.
 * Built here, laid out by the server's template (HTML) and by `accountMailText` (plain text), so
 * both parts of a message carry the same words and the same link.
 */

export const ACCOUNT_MAIL_KINDS = ["verify-email", "reset-password"] as const;
export type AccountMailKind = (typeof ACCOUNT_MAIL_KINDS)[number];

export function isAccountMailKind(kind: string): kind is AccountMailKind {
  return (ACCOUNT_MAIL_KINDS as readonly string[]).includes(kind);
}

export interface AccountMailInput {
  /** The account holder's name as they gave it at sign-up (may be blank). */
  name: string;
  /** The link the reader follows: the shop's own page that finishes the step. */
  url: string;
  shopName: string;
  /** How long the link works, in minutes. */
  expiresInMinutes: number;
}

export interface AccountMail {
  kind: AccountMailKind;
  subject: string;
  /** The line mail apps show after the subject. */
  preview: string;
  heading: string;
  paragraphs: string[];
  action: { label: string; url: string };
  /** Said after the button: what to do when the reader did not ask for this. */
  notice: string;
  signOff: string;
}

/** "1 hour", "24 hours", "30 minutes". */
export function durationText(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? "1 hour" : `${hours} hours`;
  }
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

function hello(name: string): string {
  const first = oneLine(name).split(" ")[0] ?? "";
  return first ? `Hi ${first},` : "Hi,";
}

/** The words of one kind of account e-mail. */
export function buildAccountMail(kind: AccountMailKind, input: AccountMailInput): AccountMail {
  const { shopName, url } = input;
  const within = durationText(input.expiresInMinutes);
  switch (kind) {
    case "verify-email":
      return {
        kind,
        subject: `Verify your e-mail for ${shopName}`,
        preview: `Confirm this address for your ${shopName} account.`,
        heading: "Verify your e-mail",
        paragraphs: [
          hello(input.name),
          `Please confirm that this address belongs to your ${shopName} account. The link works for ${within}.`,
        ],
        action: { label: "Verify my e-mail", url },
        notice: `If you did not create a ${shopName} account, ignore this e-mail and do not open the link. If someone else made an account with your address, choose 'Forgot password?' on the sign-in page to take it over.`,
        signOff: `— ${shopName}`,
      };
    case "reset-password":
      return {
        kind,
        subject: `Reset your ${shopName} password`,
        preview: `Choose a new password for your ${shopName} account.`,
        heading: "Reset your password",
        paragraphs: [
          hello(input.name),
          `Someone asked to reset the password of your ${shopName} account. Choose a new one with the link below; it works once, for ${within}.`,
          "Resetting the password signs the account out everywhere else and revokes its API keys.",
        ],
        action: { label: "Choose a new password", url },
        notice: "If you did not ask for this, ignore this e-mail: your password stays as it is.",
        signOff: `— ${shopName}`,
      };
  }
}

/** The plain-text part: the same words and link as the HTML. */
export function accountMailText(mail: AccountMail): string {
  return [
    mail.heading,
    "",
    ...mail.paragraphs.flatMap((p) => [p, ""]),
    `${mail.action.label}: ${mail.action.url}`,
    "",
    mail.notice,
    "",
    mail.signOff,
    "",
  ].join("\n");
}
