import type { OutboxMessage } from "@haggle/contract/mail";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { stubViewportWidth } from "@/test/viewport";
import { OutboxView } from "./outbox-view";

/** HTML a hostile product name could have put in an e-mail: none of it may run in the page. */
const HOSTILE_HTML =
  '<!DOCTYPE html><html><body><h1 id="mail-heading">Thank you</h1><script>window.__ran = true</script><img src="x" onerror="window.__ran = true"></body></html>';

function message(id: string, overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    id,
    kind: "order-confirmation",
    to: "ada@example.com",
    subject: `Your Haggle order ORD-${id.toUpperCase()} is confirmed`,
    html: HOSTILE_HTML,
    text: `Thank you for your order\n\nTotal:   $121.00 (${id})`,
    status: "kept",
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    orderId: "o1",
    createdAt: "2026-11-05T12:00:00.000Z",
    sentAt: null,
    ...overrides,
  };
}

const PAGE_1 = [
  message("aaaa1111"),
  message("bbbb2222", {
    kind: "new-order",
    to: "owner@shop.test",
    subject: "New order ORD-BBBB2222: $121.00 from Ada",
    status: "queued",
    attempts: 2,
    nextAttemptAt: "2026-11-05T12:05:00.000Z",
    lastError: "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525",
  }),
];

function renderOutbox(delivery: "keep" | "smtp" = "keep", total = 2) {
  const { fetchFn, calls } = routeFetch({
    "GET /api/merchant/outbox?page=1&pageSize=20": () =>
      jsonResponse(200, { items: PAGE_1, total, page: 1, pageSize: 20, delivery }),
    "GET /api/merchant/outbox?page=2&pageSize=20": () =>
      jsonResponse(200, {
        items: [message("cccc3333", { status: "failed", attempts: 10 })],
        total,
        page: 2,
        pageSize: 20,
        delivery,
      }),
  });
  vi.stubGlobal("fetch", fetchFn);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OutboxView />
    </QueryClientProvider>,
  );
  return calls;
}

describe("the merchant's outbox page", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    delete (window as { __ran?: boolean }).__ran;
  });

  it("lists each e-mail with its recipient, subject, kind, status and time, and says why mail is kept", async () => {
    stubViewportWidth(1366);
    renderOutbox("keep");
    const table = await screen.findByRole("table", { name: "E-mails" });
    const rows = within(table).getAllByTestId("outbox-row");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText("ada@example.com")).toBeTruthy();
    expect(within(rows[0]!).getByText("Your Haggle order ORD-AAAA1111 is confirmed")).toBeTruthy();
    expect(within(rows[0]!).getByText("Order confirmation")).toBeTruthy();
    expect(within(rows[0]!).getByText("Kept")).toBeTruthy();
    expect(within(rows[0]!).getByText(/Nov 5/).closest("time")?.getAttribute("dateTime")).toBe(
      "2026-11-05T12:00:00.000Z",
    );
    expect(within(rows[1]!).getByText("New order")).toBeTruthy();
    expect(within(rows[1]!).getByText("Queued").getAttribute("title")).toMatch(/2 attempts so far; next try/);
    expect(screen.getByTestId("outbox-kept-notice").textContent).toMatch(/SMTP_URL/);
  });

  it("says nothing of keeping when a mail server is configured", async () => {
    stubViewportWidth(1366);
    renderOutbox("smtp");
    await screen.findByRole("table", { name: "E-mails" });
    expect(screen.queryByTestId("outbox-kept-notice")).toBeNull();
  });

  it("opens an e-mail from the keyboard: its HTML in a sandboxed frame, its text, and Escape closes it", async () => {
    stubViewportWidth(1366);
    renderOutbox();
    const read = await screen.findByRole("button", {
      name: "Read “New order ORD-BBBB2222: $121.00 from Ada”",
    });
    expect(read.tagName).toBe("BUTTON");
    read.focus();
    expect(document.activeElement).toBe(read);
    fireEvent.click(read);

    const dialog = await screen.findByRole("dialog", { name: "New order ORD-BBBB2222: $121.00 from Ada" });
    expect(within(dialog).getByText("owner@shop.test")).toBeTruthy();
    expect(within(dialog).getByText(/ECONNREFUSED/)).toBeTruthy();
    const frame = within(dialog).getByTitle("The e-mail “New order ORD-BBBB2222: $121.00 from Ada”");
    expect(frame.tagName).toBe("IFRAME");
    // An empty sandbox: no scripts, no forms, no same origin, no popups, no top navigation.
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toBe(HOSTILE_HTML);
    // The e-mail's markup never becomes part of the page itself.
    expect(document.getElementById("mail-heading")).toBeNull();
    expect(document.querySelector("img[onerror]")).toBeNull();
    expect((window as { __ran?: boolean }).__ran).toBeUndefined();

    const textTab = within(dialog).getByRole("tab", { name: "Plain text" });
    fireEvent.mouseDown(textTab);
    fireEvent.click(textTab);
    await waitFor(() =>
      expect(within(dialog).getByTestId("outbox-text").textContent).toContain("$121.00 (bbbb2222)"),
    );

    fireEvent.keyDown(document.activeElement ?? dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(read));
  });

  it("shows each e-mail as a card on a phone", async () => {
    stubViewportWidth(375);
    renderOutbox();
    const list = await screen.findByRole("list", { name: "E-mails" });
    const cards = within(list).getAllByTestId("outbox-row");
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getByText("To owner@shop.test")).toBeTruthy();
    expect(within(cards[1]!).getByRole("button", { name: /^Read/ })).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("pages through older e-mails", async () => {
    stubViewportWidth(1366);
    const calls = renderOutbox("smtp", 21);
    await screen.findByRole("table", { name: "E-mails" });
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(screen.getByText("Failed")).toBeTruthy());
    expect(calls.map((c) => c.route)).toContain("GET /api/merchant/outbox?page=2&pageSize=20");
  });
});
