// JSX without a tsconfig: tsx started from the repository root (e2e, server processes) finds none.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
import {
  buildOrderMail,
  type OrderMail,
  type OrderMailInput,
  type OrderMailKind,
  orderMailText,
} from "@haggle/domain/mail/order-mail";
import { Column, Hr, Row, render, Section, Text } from "@react-email/components";
import type { ReactElement, ReactNode } from "react";
import { MailLayout, mailInk, mailMuted, type RenderedMail } from "./mail-layout.tsx";

const cell = { fontSize: "14px", lineHeight: "20px", color: mailInk, padding: "6px 0" } as const;
const number = { ...cell, textAlign: "right" as const, whiteSpace: "nowrap" as const };

/**
 * An order e-mail: the one mail frame with, before its button, what the kind of e-mail says
 * first (`children`), then the order's lines and figures.
 */
function OrderMailLayout({
  mail,
  shopName,
  children,
}: {
  mail: OrderMail;
  shopName: string;
  children?: ReactNode;
}) {
  return (
    <MailLayout mail={mail} shopName={shopName}>
      {children}
      <Text style={{ color: mailMuted, fontSize: "13px", margin: "16px 0 8px" }}>{mail.orderLine}</Text>
      <OrderLines mail={mail} />
      <Hr style={{ borderColor: "#d1d9e0", margin: "8px 0" }} />
      <OrderFigures mail={mail} />
    </MailLayout>
  );
}

function OrderLines({ mail }: { mail: OrderMail }) {
  const head = { ...number, color: mailMuted, fontSize: "12px" };
  return (
    <Section>
      <Row>
        <Column style={{ ...cell, color: mailMuted, fontSize: "12px" }}>Item</Column>
        <Column style={{ ...head, width: "40px" }}>Qty</Column>
        <Column style={{ ...head, width: "96px" }}>Unit price</Column>
        <Column style={{ ...head, width: "96px" }}>Total</Column>
      </Row>
      {mail.lines.map((line, i) => (
        // Lines may repeat a name; their place in the order tells them apart.
        // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines never move
        <Row key={i}>
          <Column style={cell}>
            {line.name}
            {line.note ? <span style={{ color: mailMuted }}>{` (${line.note})`}</span> : null}
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

/** One template per kind of order e-mail: the shared frame, with what that kind says first. */
type Template = (props: { mail: OrderMail; shopName: string }) => ReactElement;

function Callout({ children, tone }: { children: string; tone: "info" | "warning" | "success" }) {
  const colours = {
    info: { background: "#eef2ff", ink: "#3730a3" },
    warning: { background: "#fff7ed", ink: "#9a3412" },
    success: { background: "#ecfdf5", ink: "#065f46" },
  }[tone];
  return (
    <Section style={{ backgroundColor: colours.background, borderRadius: "6px", margin: "4px 0 12px" }}>
      <Text
        style={{ color: colours.ink, fontSize: "14px", fontWeight: 600, margin: 0, padding: "10px 14px" }}
      >
        {children}
      </Text>
    </Section>
  );
}

const OrderConfirmation: Template = ({ mail, shopName }) => (
  <OrderMailLayout mail={mail} shopName={shopName} />
);

const NewOrderNotice: Template = ({ mail, shopName }) => (
  <OrderMailLayout mail={mail} shopName={shopName}>
    <Callout tone="info">{`To fulfil: ${mail.lines.length === 1 ? "1 line" : `${mail.lines.length} lines`}`}</Callout>
  </OrderMailLayout>
);

const OrderShipped: Template = ({ mail, shopName }) => (
  <OrderMailLayout mail={mail} shopName={shopName}>
    <Callout tone="success">Shipped</Callout>
  </OrderMailLayout>
);

const OrderCancelled: Template = ({ mail, shopName }) => (
  <OrderMailLayout mail={mail} shopName={shopName}>
    <Callout tone="warning">Cancelled</Callout>
  </OrderMailLayout>
);

const OrderRefunded: Template = ({ mail, shopName }) => (
  <OrderMailLayout mail={mail} shopName={shopName}>
    <Callout tone="success">{`Refunded: ${mail.figures.at(-1)?.value ?? ""}`}</Callout>
  </OrderMailLayout>
);

const TEMPLATES: Record<OrderMailKind, Template> = {
  "order-confirmation": OrderConfirmation,
  "new-order": NewOrderNotice,
  "order-shipped": OrderShipped,
  "order-cancelled": OrderCancelled,
  "order-refunded": OrderRefunded,
};

/** An order e-mail of this kind, both parts: HTML (React Email) and plain text, with the same words and figures. */
export async function renderOrderMail(kind: OrderMailKind, input: OrderMailInput): Promise<RenderedMail> {
  const mail = buildOrderMail(kind, input);
  const Template = TEMPLATES[kind];
  const html = await render(<Template mail={mail} shopName={input.shopName} />);
  return { subject: mail.subject, html, text: orderMailText(mail) };
}
