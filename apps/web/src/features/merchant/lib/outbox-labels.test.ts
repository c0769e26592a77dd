import type { OutboxMessage } from "@haggle/contract/mail";
import { describe, expect, it } from "vitest";
import { mailKindLabel, mailStatusSentence } from "./outbox-labels";

const message = (overrides: Partial<OutboxMessage>): OutboxMessage => ({
  id: "m1",
  kind: "order-confirmation",
  to: "a@b.test",
  subject: "s",
  html: "",
  text: "",
  status: "sent",
  attempts: 1,
  nextAttemptAt: null,
  lastError: null,
  orderId: null,
  createdAt: "2026-01-01T00:00:00Z",
  sentAt: "2026-01-01T00:00:01Z",
  ...overrides,
});
const at = (iso: string) => `at ${iso.slice(11, 16)}`;

describe("outbox labels", () => {
  it("name each kind, and an unknown one as itself", () => {
    expect(mailKindLabel("new-order")).toBe("New order");
    expect(mailKindLabel("order-refunded")).toBe("Order refunded");
    expect(mailKindLabel("password-reset")).toBe("password-reset");
  });

  it("say what each status means for the message", () => {
    expect(mailStatusSentence(message({}), at)).toBe("Sent at 00:00.");
    expect(mailStatusSentence(message({ status: "kept", attempts: 0, sentAt: null }), at)).toMatch(
      /SMTP_URL/,
    );
    expect(mailStatusSentence(message({ status: "failed", attempts: 10, sentAt: null }), at)).toBe(
      "Not sent: given up after 10 attempts.",
    );
    expect(
      mailStatusSentence(
        message({ status: "queued", attempts: 2, sentAt: null, nextAttemptAt: "2026-01-01T01:30:00Z" }),
        at,
      ),
    ).toBe("Not sent yet: 2 attempts so far; next try at 01:30.");
    expect(mailStatusSentence(message({ status: "queued", attempts: 0, sentAt: null }), at)).toBe(
      "Waiting to be sent.",
    );
  });
});
