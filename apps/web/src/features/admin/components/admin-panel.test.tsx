import { spyOnToasts } from "@/test/spy-on-toasts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { toast } from "@/lib/toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { AdminPanel } from "./admin-panel";

spyOnToasts();

function renderPanel(onMerchantAssigned = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AdminPanel onMerchantAssigned={onMerchantAssigned} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onMerchantAssigned;
}

const status = (missingEmbeddings: number) => () =>
  jsonResponse(200, { products: 180, missingEmbeddings, merchant: false });

describe("AdminPanel", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("counts the products without an embedding, and ticks once there are none", async () => {
    let missing = 180;
    const { fetchFn } = routeFetch({
      "GET /api/admin/status": () => status(missing)(),
      "POST /functions/v1/generate-product-embeddings": () => {
        missing = 0;
        return jsonResponse(200, { message: "Embedded 180 products.", embedded: 180, missing: 0 });
      },
    });
    vi.stubGlobal("fetch", fetchFn);
    renderPanel();

    expect(await screen.findByText("180 products lack an embedding")).toBeTruthy();
    expect(screen.queryByText("AI search is ready: every product has an embedding")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Initialize AI Search" }));
    expect(await screen.findByText("AI search is ready: every product has an embedding")).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith("Embedded 180 products.");
  });

  it("maps failures to the catalogue's toasts", async () => {
    const { fetchFn } = routeFetch({
      "GET /api/admin/status": status(3),
      "POST /functions/v1/seed-data": () =>
        jsonResponse(500, { error: { code: "SEED_FAILED", message: "Failed to seed database" } }),
      "POST /functions/v1/assign-merchant-role": () =>
        jsonResponse(401, { error: { code: "UNAUTHORIZED", message: "You must be logged in" } }),
      "POST /functions/v1/generate-product-embeddings": () =>
        jsonResponse(500, {
          error: { code: "EMBEDDINGS_FAILED", message: "Failed to initialize embeddings" },
        }),
    });
    vi.stubGlobal("fetch", fetchFn);
    const onMerchantAssigned = renderPanel();
    await screen.findByText("3 products lack an embedding");

    fireEvent.click(screen.getByRole("button", { name: "Seed Database" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to seed database", undefined));
    fireEvent.click(screen.getByRole("button", { name: "Assign Merchant Role" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("You must be logged in to assign merchant role", undefined),
    );
    fireEvent.click(screen.getByRole("button", { name: "Initialize AI Search" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to initialize embeddings", undefined),
    );
    expect(onMerchantAssigned).not.toHaveBeenCalled();
  });

  it("says 'Already a Merchant' and refreshes the session after assigning the role", async () => {
    const { fetchFn } = routeFetch({
      "GET /api/admin/status": status(0),
      "POST /functions/v1/assign-merchant-role": () => jsonResponse(200, { alreadyAssigned: true }),
    });
    vi.stubGlobal("fetch", fetchFn);
    const onMerchantAssigned = renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Assign Merchant Role" }));
    await waitFor(() => expect(onMerchantAssigned).toHaveBeenCalled());
    expect(toast.success).toHaveBeenCalledWith("Already a Merchant", expect.anything());
  });

  it("tells a signed-in non-admin who may use the page, and offers only the claim with the setup code", async () => {
    const onClaimed = vi.fn();
    const { fetchFn, calls } = routeFetch({
      "GET /api/admin/status": () =>
        jsonResponse(403, { error: { code: "FORBIDDEN", message: "Admins only" } }),
      "POST /api/admin/claim": (init) =>
        JSON.parse(String(init?.body)).code === "ABCD-EFGH-JKMN"
          ? jsonResponse(200, { roles: ["merchant", "admin"] })
          : jsonResponse(403, { error: { code: "FORBIDDEN", message: "That setup code is wrong." } }),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderPanel(onClaimed);
    expect(
      await screen.findByText(
        /^Only the shop's administrators can use this page: the accounts in ADMIN_EMAILS/,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Seed Database" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Assign Merchant Role" })).toBeNull();

    const code = screen.getByLabelText("Setup code");
    fireEvent.change(code, { target: { value: "WRONG-CODE" } });
    fireEvent.click(screen.getByRole("button", { name: "Claim shop" }));
    expect(await screen.findByText("That setup code is wrong.")).toBeTruthy();
    expect(onClaimed).not.toHaveBeenCalled();

    fireEvent.change(code, { target: { value: "ABCD-EFGH-JKMN" } });
    fireEvent.click(screen.getByRole("button", { name: "Claim shop" }));
    await waitFor(() => expect(onClaimed).toHaveBeenCalled());
    expect(calls.filter((c) => c.route === "POST /api/admin/claim").map((c) => c.body)).toEqual([
      { code: "WRONG-CODE" },
      { code: "ABCD-EFGH-JKMN" },
    ]);
  });

  it("says where the setup code is printed, and calls the shop the demo shop only in demo mode", async () => {
    const forbidden = () => jsonResponse(403, { error: { code: "FORBIDDEN", message: "Admins only" } });
    vi.stubGlobal(
      "fetch",
      routeFetch({
        "GET /api/admin/status": forbidden,
        "GET /api/shop-mode": () => jsonResponse(200, { demoMode: false }),
      }).fetchFn,
    );
    renderPanel();
    expect(await screen.findByText(/^Where to find it: in the terminal that runs the server/)).toBeTruthy();
    expect(screen.getByText(/every 10 minutes until the shop is claimed/)).toBeTruthy();
    await waitFor(() =>
      expect(
        screen.getByText("Set up the shop: its catalogue, your merchant access and AI search."),
      ).toBeTruthy(),
    );
    expect(screen.queryByText(/the demo shop/)).toBeNull();
    cleanup();

    vi.stubGlobal(
      "fetch",
      routeFetch({
        "GET /api/admin/status": status(0),
        "GET /api/shop-mode": () => jsonResponse(200, { demoMode: true }),
      }).fetchFn,
    );
    renderPanel();
    expect(
      await screen.findByText("Set up the demo shop: its catalogue, your merchant access and AI search."),
    ).toBeTruthy();
  });

  it("lists the role holders and the audit, grants by e-mail and revokes", async () => {
    const { fetchFn, calls } = routeFetch({
      "GET /api/admin/status": status(0),
      "GET /api/admin/roles": () =>
        jsonResponse(200, {
          demoMode: false,
          configuredAdmins: ["owner@example.com"],
          demoSettingsReset: {
            at: "2026-11-24T08:00:00.000Z",
            sections: [
              { section: "negotiation_limits", changedBy: ["visitor@example.com"], restoredTo: "defaults" },
            ],
          },
          holders: [
            {
              userId: "u-1",
              email: "clerk@example.com",
              name: "Clerk",
              role: "merchant",
              source: "admin",
              active: true,
              grantedAt: "2026-11-23T10:00:00.000Z",
              grantedBy: "owner@example.com",
            },
          ],
          audit: [
            {
              id: "a-1",
              action: "grant",
              role: "merchant",
              userEmail: "clerk@example.com",
              byEmail: "owner@example.com",
              reason: "granted by an admin",
              at: "2026-11-23T10:00:00.000Z",
            },
          ],
        }),
      "POST /api/admin/roles": () => jsonResponse(201, { userId: "u-2", alreadyAssigned: false }),
      "DELETE /api/admin/roles/u-1/merchant": () => jsonResponse(200, { revoked: true }),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderPanel();
    expect(await screen.findByText("clerk@example.com", { selector: "span" })).toBeTruthy();
    expect(screen.getByText(/Admins by configuration \(ADMIN_EMAILS\): owner@example.com/)).toBeTruthy();
    expect(screen.getByText(/granted merchant to clerk@example.com/)).toBeTruthy();
    const reset = screen.getByRole("region", { name: "Settings reset after demo mode" });
    expect(reset.textContent).toContain(
      "Negotiation limits back to the defaults (changed by visitor@example.com)",
    );

    fireEvent.change(screen.getByLabelText("Account e-mail"), { target: { value: "new@example.com" } });
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "admin" } });
    fireEvent.click(screen.getByRole("button", { name: "Grant role" }));
    await waitFor(() =>
      expect(calls.find((c) => c.route === "POST /api/admin/roles")?.body).toEqual({
        email: "new@example.com",
        role: "admin",
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Revoke merchant from clerk@example.com" }));
    await waitFor(() => expect(calls.map((c) => c.route)).toContain("DELETE /api/admin/roles/u-1/merchant"));
  });
});
