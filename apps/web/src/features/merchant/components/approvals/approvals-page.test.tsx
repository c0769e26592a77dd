import { spyOnToasts } from "@/test/spy-on-toasts";
import type { Approval } from "@haggle/contract/negotiation";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { toast } from "@/lib/toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { ApprovalsPage } from "./approvals-page";

spyOnToasts();

const APPROVAL_ID = "6f1c2a4e-3b7d-4c8e-9f10-1a2b3c4d5e6f";

function makeApproval(overrides: Partial<Approval> = {}): Approval {
  return {
    id: APPROVAL_ID,
    negotiationId: "neg-1",
    status: "pending",
    requestedDiscountPct: 19.96,
    requestedDiscountAmount: 64.5,
    subtotal: 322.5,
    escalationReason: "The shopper asks for 20%, above the 15% Ava may give on her own.",
    notes: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    decidedAt: null,
    shopper: { name: "Nora Shopper", email: "nora@example.com", loyaltyTier: "NONE", ordersCount: 0 },
    ...overrides,
  };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ApprovalsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("ApprovalsPage", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("shows who asks, for how much and why, then approves with the note and drops the card", async () => {
    let pending = [makeApproval()];
    const { fetchFn, calls } = routeFetch({
      "GET /api/merchant/approvals?status=pending": () => jsonResponse(200, pending),
      "POST /functions/v1/approve-negotiation": () => {
        const decided = { ...makeApproval(), status: "approved", decidedAt: new Date().toISOString() };
        pending = [];
        return jsonResponse(200, { approval: decided });
      },
    });
    vi.stubGlobal("fetch", fetchFn);
    renderPage();

    const card = await screen.findByTestId("approval-card");
    expect(within(card).getByText("Nora Shopper")).toBeTruthy();
    expect(within(card).getByText("New Customer")).toBeTruthy();
    expect(within(card).getByText("0 orders")).toBeTruthy();
    expect(within(card).getByText("20% · $64.50")).toBeTruthy(); // 19.96 reads as Ava says it
    expect(within(card).getByText("$322.50")).toBeTruthy();
    expect(within(card).getByText(/above the 15% Ava may give/)).toBeTruthy();
    expect(within(card).getByText("5 minutes ago")).toBeTruthy();

    fireEvent.change(within(card).getByLabelText("Note (optional)"), {
      target: { value: "  Happy to help a new customer.  " },
    });
    fireEvent.click(within(card).getByRole("button", { name: "Approve" }));
    expect(within(card).getByRole("button", { name: "Approve" })).toHaveProperty("disabled", true);
    expect(within(card).getByRole("button", { name: "Reject" })).toHaveProperty("disabled", true);

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Negotiation approved!", expect.anything()),
    );
    expect(calls.find((c) => c.route === "POST /functions/v1/approve-negotiation")?.body).toEqual({
      approvalId: APPROVAL_ID,
      approved: true,
      notes: "Happy to help a new customer.",
    });
    expect(await screen.findByText("No pending approvals")).toBeTruthy();
    expect(screen.queryByTestId("approval-card")).toBeNull();
  });

  it("rejects without a note, and says 'Negotiation rejected'", async () => {
    const { fetchFn, calls } = routeFetch({
      "GET /api/merchant/approvals?status=pending": () => jsonResponse(200, [makeApproval()]),
      "POST /functions/v1/approve-negotiation": () =>
        jsonResponse(200, { approval: { ...makeApproval(), status: "rejected" } }),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Reject" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Negotiation rejected", expect.anything()),
    );
    expect(calls.find((c) => c.route === "POST /functions/v1/approve-negotiation")?.body).toEqual({
      approvalId: APPROVAL_ID,
      approved: false,
    });
  });

  it("shows 'Failed to process approval' with the server's reason, and keeps the card", async () => {
    const { fetchFn } = routeFetch({
      "GET /api/merchant/approvals?status=pending": () => jsonResponse(200, [makeApproval()]),
      "POST /functions/v1/approve-negotiation": () =>
        jsonResponse(409, {
          error: { code: "ALREADY_DECIDED", message: "This approval was already decided." },
        }),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Approve" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to process approval", {
        description: "This approval was already decided.",
      }),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByTestId("approval-card")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Approve" })).toHaveProperty("disabled", false);
  });

  it("says so when nothing waits, and lists decided ones on their tab", async () => {
    const decided = makeApproval({
      id: "7f1c2a4e-3b7d-4c8e-9f10-1a2b3c4d5e6f",
      status: "approved",
      notes: "Welcome back",
      decidedAt: new Date().toISOString(),
      shopper: { name: "Gil Gold", email: "gil@example.com", loyaltyTier: "GOLD", ordersCount: 12 },
    });
    const { fetchFn } = routeFetch({
      "GET /api/merchant/approvals?status=pending": () => jsonResponse(200, []),
      "GET /api/merchant/approvals?status=approved": () => jsonResponse(200, [decided]),
      "GET /api/merchant/approvals?status=rejected": () => jsonResponse(200, []),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderPage();
    expect(await screen.findByText("No pending approvals")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Pending Approvals" })).toBeTruthy();

    const decidedTab = screen.getByRole("tab", { name: "Decided" });
    fireEvent.mouseDown(decidedTab);
    fireEvent.click(decidedTab);
    const card = await screen.findByTestId("decided-approval-card");
    expect(within(card).getByText("Gil Gold")).toBeTruthy();
    expect(within(card).getByText("Gold")).toBeTruthy();
    expect(within(card).getByText("Approved")).toBeTruthy();
    expect(within(card).getByText("Your note: Welcome back")).toBeTruthy();
  });
});
