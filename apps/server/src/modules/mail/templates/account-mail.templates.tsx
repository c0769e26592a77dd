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
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Html,
  Link,
  Preview,
  render,
  Section,
  Text,
} from "@react-email/components";
import type { RenderedMail } from "./order-mail.templates.tsx";

const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const ink = "#1f2328";
const muted = "#59636e";
const brand = "#4f46e5";

/**
 * "Verify your e-mail" and "Reset your password": the shop's name, the heading and words, one
 * button, and the link written out too (some mail apps hide buttons). Inline styles, as in the
 * order e-mails; every text comes from the domain's AccountMail, and React escapes it.
 */
function AccountMailLayout({ mail, shopName }: { mail: AccountMail; shopName: string }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{mail.preview}</Preview>
      <Body style={{ backgroundColor: "#f6f7f9", fontFamily: font, margin: 0, padding: "24px 0" }}>
        <Container
          style={{ backgroundColor: "#ffffff", borderRadius: "8px", maxWidth: "560px", padding: "24px" }}
        >
          <Text style={{ color: brand, fontSize: "18px", fontWeight: 700, margin: "0 0 8px" }}>
            {shopName}
          </Text>
          <Heading as="h1" style={{ color: ink, fontSize: "22px", lineHeight: "28px", margin: "8px 0 16px" }}>
            {mail.heading}
          </Heading>
          {mail.paragraphs.map((paragraph) => (
            <Text
              key={paragraph}
              style={{ color: ink, fontSize: "15px", lineHeight: "22px", margin: "0 0 12px" }}
            >
              {paragraph}
            </Text>
          ))}
          <Section style={{ margin: "20px 0 12px" }}>
            <Button
              href={mail.action.url}
              style={{
                backgroundColor: brand,
                borderRadius: "6px",
                color: "#ffffff",
                fontSize: "15px",
                fontWeight: 600,
                padding: "10px 18px",
              }}
            >
              {mail.action.label}
            </Button>
          </Section>
          <Text style={{ color: muted, fontSize: "13px", lineHeight: "18px", margin: "0 0 12px" }}>
            Or open this link: <Link href={mail.action.url}>{mail.action.url}</Link>
          </Text>
          <Text style={{ color: muted, fontSize: "13px", lineHeight: "18px", margin: "0 0 12px" }}>
            {mail.notice}
          </Text>
          <Text style={{ color: muted, fontSize: "14px", margin: "16px 0 0" }}>{mail.signOff}</Text>
        </Container>
      </Body>
    </Html>
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
