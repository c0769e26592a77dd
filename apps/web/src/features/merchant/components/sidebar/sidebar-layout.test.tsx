import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { SidebarLayout } from "./sidebar-layout";

const stats = (pendingApprovals: number) => () =>
  jsonResponse(200, { totalProducts: 180, activeNegotiations: 2, pendingApprovals, totalRevenue: 10 });

function renderLayout(path = "/merchant/products", isAdmin = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <SidebarLayout isAdmin={isAdmin}>
          <Routes>
            <Route path="/merchant" element={<p>Dashboard page</p>} />
            <Route path="/merchant/products" element={<p>Products page</p>} />
            <Route path="/merchant/orders" element={<p>Orders page</p>} />
          </Routes>
        </SidebarLayout>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function clearCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: the test resets the real cookie jar
  document.cookie = "sidebar_state=; max-age=0; path=/";
}

function mockPhone(matches: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

describe("the merchant sidebar", () => {
  beforeEach(() => {
    clearCookie();
    vi.stubGlobal("fetch", routeFetch({ "GET /api/merchant/stats": stats(3) }).fetchFn);
  });
  afterEach(() => {
    cleanup();
    clearCookie();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("lists every merchant page, marks the current one and counts pending approvals", async () => {
    renderLayout();
    const nav = screen.getByRole("navigation", { name: "Merchant" });
    for (const name of [
      "Dashboard",
      "Products",
      "Orders",
      "Negotiation Config",
      "Escalation Rules",
      "Upsells",
      "Cross-sells",
      "Outbox",
      "Shop pages",
      "Back to the shop",
    ]) {
      expect(within(nav).getByRole("link", { name })).toBeTruthy();
    }
    expect(within(nav).getByRole("link", { name: "Products" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBeNull();
    expect(await within(nav).findByRole("link", { name: /^Approvals\s*, 3 pending$/ })).toBeTruthy();
    expect(within(nav).getByRole("link", { name: "Back to the shop" }).getAttribute("href")).toBe("/");
  });

  it("links to the admin page for the shop's administrators only", () => {
    renderLayout("/merchant/products", true);
    const nav = screen.getByRole("navigation", { name: "Merchant" });
    expect(within(nav).getByRole("link", { name: "Admin Panel" }).getAttribute("href")).toBe("/admin");
    cleanup();
    renderLayout("/merchant/products", false);
    expect(
      within(screen.getByRole("navigation", { name: "Merchant" })).queryByRole("link", {
        name: "Admin Panel",
      }),
    ).toBeNull();
  });

  it("collapses with Ctrl+B and expands with Cmd+B, remembering the state in a 7-day cookie", () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
    vi.spyOn(document, "cookie", "set").mockImplementation((value: string) => {
      writes.push(value);
      descriptor?.set?.call(document, value);
    });
    renderLayout();
    const toggle = screen.getByRole("button", { name: "Toggle sidebar" });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByTestId("merchant-sidebar").dataset.state).toBe("expanded");

    fireEvent.keyDown(window, { key: "b", ctrlKey: true });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByTestId("merchant-sidebar").dataset.state).toBe("collapsed");
    expect(writes.at(-1)).toMatch(/^sidebar_state=false; path=\/; max-age=604800/);
    // Collapsed, the links keep their names for screen readers, and their look inside the tooltip trigger.
    const products = screen.getByRole("link", { name: "Products" });
    expect(products.getAttribute("aria-current")).toBe("page");
    expect(products.className).toContain("aria-[current=page]:bg-accent");
    expect(products.className).not.toContain("=>");

    fireEvent.keyDown(window, { key: "B", metaKey: true });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(writes.at(-1)).toMatch(/^sidebar_state=true; path=\/; max-age=604800/);

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    // B without a modifier is typing, not a shortcut.
    fireEvent.keyDown(window, { key: "b" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it("starts collapsed when the cookie says so", () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the state a previous visit left
    document.cookie = "sidebar_state=false; path=/";
    renderLayout();
    expect(screen.getByRole("button", { name: "Toggle sidebar" }).getAttribute("aria-expanded")).toBe(
      "false",
    );
    expect(screen.getByTestId("merchant-sidebar").dataset.state).toBe("collapsed");
  });

  it("is a sheet on a phone: opened by the menu button, closed by Escape and by following a link", async () => {
    mockPhone(true);
    renderLayout();
    expect(screen.queryByTestId("merchant-sidebar")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Merchant" })).toBeNull();

    const menu = screen.getByRole("button", { name: /Merchant menu/ });
    fireEvent.click(menu);
    let sheet = await screen.findByRole("dialog", { name: "Merchant area" });
    expect(menu.getAttribute("aria-expanded")).toBe("true");
    fireEvent.keyDown(sheet, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.keyDown(window, { key: "b", ctrlKey: true });
    sheet = await screen.findByRole("dialog", { name: "Merchant area" });
    fireEvent.click(within(sheet).getByRole("link", { name: "Orders" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("Orders page")).toBeTruthy();
    await act(async () => {});
  });
});
