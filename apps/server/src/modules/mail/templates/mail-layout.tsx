// JSX without a tsconfig: tsx started from the repository root (e2e, server processes) finds none.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Html,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { ReactNode } from "react";

/**
 * The one frame every e-mail of the shop shares (order e-mails and account e-mails): the shop's
 * name, the heading and words, what the kind of e-mail adds, one button, what follows the
 * button, the sign-off. Styles are inline (mail apps drop style sheets); every text comes from
 * the domain's words for the e-mail, and React escapes it.
 */

export const mailFont = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
export const mailInk = "#1f2328";
export const mailMuted = "#59636e";
export const mailBrand = "#4f46e5";

/** What the frame says, whatever the kind of e-mail. */
export interface MailWords {
  preview: string;
  heading: string;
  paragraphs: readonly string[];
  action: { label: string; url: string };
  signOff: string;
}

/** An e-mail ready to send: both parts, with the same words. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export function MailLayout({
  mail,
  shopName,
  children,
  afterAction,
}: {
  mail: MailWords;
  shopName: string;
  /** Between the words and the button (an order's lines and figures). */
  children?: ReactNode;
  /** Between the button and the sign-off (the link written out, a notice). */
  afterAction?: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{mail.preview}</Preview>
      <Body style={{ backgroundColor: "#f6f7f9", fontFamily: mailFont, margin: 0, padding: "24px 0" }}>
        <Container
          style={{ backgroundColor: "#ffffff", borderRadius: "8px", maxWidth: "560px", padding: "24px" }}
        >
          <Text style={{ color: mailBrand, fontSize: "18px", fontWeight: 700, margin: "0 0 8px" }}>
            {shopName}
          </Text>
          <Heading
            as="h1"
            style={{ color: mailInk, fontSize: "22px", lineHeight: "28px", margin: "8px 0 16px" }}
          >
            {mail.heading}
          </Heading>
          {mail.paragraphs.map((paragraph) => (
            <Text
              key={paragraph}
              style={{ color: mailInk, fontSize: "15px", lineHeight: "22px", margin: "0 0 12px" }}
            >
              {paragraph}
            </Text>
          ))}
          {children}
          <Section style={{ margin: "24px 0 12px" }}>
            <Button
              href={mail.action.url}
              style={{
                backgroundColor: mailBrand,
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
          {afterAction}
          <Text style={{ color: mailMuted, fontSize: "14px", margin: "16px 0 0" }}>{mail.signOff}</Text>
        </Container>
      </Body>
    </Html>
  );
}
