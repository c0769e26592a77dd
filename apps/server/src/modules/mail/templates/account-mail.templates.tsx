// JSX without a tsconfig: tsx started from the repository root (e2e, server processes) finds none.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import {
  type AccountMail,
  type AccountMailInput,
  type AccountMailKind,
  accountMailText,
  buildAccountMail,
} from "@haggle/domain/mail/account-mail";
import { Link, render, Text } from "@react-email/components";
import { MailLayout, mailMuted, type RenderedMail } from "./mail-layout.tsx";

const small = { color: mailMuted, fontSize: "13px", lineHeight: "18px", margin: "0 0 12px" } as const;

/**
 * "Verify your e-mail" and "Reset your password": the one mail frame, with the link written out
 * after the button too (some mail apps hide buttons) and the notice. Every text comes from the
 * domain's AccountMail, and React escapes it.
 */
function AccountMailLayout({ mail, shopName }: { mail: AccountMail; shopName: string }) {
  return (
    <MailLayout
      mail={mail}
      shopName={shopName}
      afterAction={
        <>
          <Text style={small}>
            Or open this link: <Link href={mail.action.url}>{mail.action.url}</Link>
          </Text>
          <Text style={small}>{mail.notice}</Text>
        </>
      }
    />
  );
}

/** An account e-mail of this kind, both parts: HTML (React Email) and plain text, with the same words and link. */
export async function renderAccountMail(
  kind: AccountMailKind,
  input: AccountMailInput,
): Promise<RenderedMail> {
  const mail = buildAccountMail(kind, input);
  const html = await render(<AccountMailLayout mail={mail} shopName={input.shopName} />);
  return { subject: mail.subject, html, text: accountMailText(mail) };
}
