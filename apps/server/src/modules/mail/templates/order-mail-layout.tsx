// JSX without a tsconfig: tsx started from the repository root (e2e, server processes) finds none.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import type { OrderMail } from "@haggle/domain/mail/order-mail";
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Preview,
  Row,
  Section,
  Text,
} from "@react-email/components";
import type { ReactNode } from "react";

/**
 * The frame every order e-mail shares: the shop's name, the heading and words, the order's
 * lines and figures, one button. Styles are inline (mail apps drop style sheets); every text
 * comes from the domain's OrderMail, and React escapes it.
 */

const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const ink = "#1f2328";
const muted = "#59636e";
const brand = "#4f46e5";

const cell = { fontSize: "14px", lineHeight: "20px", color: ink, padding: "6px 0" } as const;
const number = { ...cell, textAlign: "right" as const, whiteSpace: "nowrap" as const };

export function OrderMailLayout({
  mail,
  shopName,
  children,
}: {
  mail: OrderMail;
  shopName: string;
  children?: ReactNode;
}) {
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
          {children}
          <Text style={{ color: muted, fontSize: "13px", margin: "16px 0 8px" }}>{mail.orderLine}</Text>
          <OrderLines mail={mail} />
          <Hr style={{ borderColor: "#d1d9e0", margin: "8px 0" }} />
          <OrderFigures mail={mail} />
          <Section style={{ margin: "24px 0 8px" }}>
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
          <Text style={{ color: muted, fontSize: "14px", margin: "16px 0 0" }}>{mail.signOff}</Text>
        </Container>
      </Body>
    </Html>
  );
}

function OrderLines({ mail }: { mail: OrderMail }) {
  return (
    <Section>
      <Row>
        <Column style={{ ...cell, color: muted, fontSize: "12px" }}>Item</Column>
        <Column style={{ ...number, color: muted, fontSize: "12px", width: "40px" }}>Qty</Column>
        <Column style={{ ...number, color: muted, fontSize: "12px", width: "96px" }}>Unit price</Column>
        <Column style={{ ...number, color: muted, fontSize: "12px", width: "96px" }}>Total</Column>
      </Row>
      {mail.lines.map((line, i) => (
        // Lines may repeat a name; their place in the order tells them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines never move
        <Row key={i}>
          <Column style={cell}>
            {line.name}
            {line.note ? <span style={{ color: muted }}>{` (${line.note})`}</span> : null}
          </Column>
          <Column style={{ ...number, width: "40px" }}>{line.quantity}</Column>
          <Column style={{ ...number, width: "96px" }}>{line.unitPrice}</Column>
          <Column style={{ ...number, width: "96px" }}>{line.lineTotal}</Column>
        </Row>
      ))}
    </Section>
  );
}

function OrderFigures({ mail }: { mail: OrderMail }) {
  return (
    <Section>
      {mail.figures.map((figure) => {
        const weight = figure.emphasis ? 700 : 400;
        return (
          <Row key={figure.label}>
            <Column style={{ ...cell, fontWeight: weight }}>{figure.label}</Column>
            <Column style={{ ...number, fontWeight: weight, width: "120px" }}>{figure.value}</Column>
          </Row>
        );
      })}
    </Section>
  );
}
