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
import { render, Section, Text } from "@react-email/components";
import type { ReactElement } from "react";
import { OrderMailLayout } from "./order-mail-layout.tsx";

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

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** An order e-mail of this kind, both parts: HTML (React Email) and plain text, with the same words and figures. */
export async function renderOrderMail(kind: OrderMailKind, input: OrderMailInput): Promise<RenderedMail> {
  const mail = buildOrderMail(kind, input);
  const Template = TEMPLATES[kind];
  const html = await render(<Template mail={mail} shopName={input.shopName} />);
  return { subject: mail.subject, html, text: orderMailText(mail) };
}
