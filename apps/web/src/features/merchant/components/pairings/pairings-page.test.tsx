import { spyOnToasts } from "@/test/spy-on-toasts";
import type { MerchantProduct, Pairing } from "@haggle/contract/merchant";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { toast } from "@/lib/toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "@/test/make-cart";
import { makeProduct } from "@/test/make-product";
import { PairingsPage } from "./pairings-page";

spyOnToasts();

const KETTLE = "11111111-1111-4111-8111-111111111111";
const MUGS = "22222222-2222-4222-8222-222222222222";

function merchantProduct(
  id: string,
  name: string,
  overrides: Partial<MerchantProduct> = {},
): MerchantProduct {
  return { ...makeProduct(id, { name }), hidden: false, updatedAt: "2026-11-01T00:00:00Z", ...overrides };
}

const kettle = merchantProduct(KETTLE, "Steel Kettle");
const mugs = merchantProduct(MUGS, "Stoneware Mugs", { inStock: false, stockLevel: 0 });

function paired(p: MerchantProduct): Pairing["product"] {
  return {
    id: p.id,
    sku: p.sku,
    name: p.name,
    price: p.price,
    imageUrl: p.imageUrl,
    inStock: p.inStock,
    hidden: p.hidden,
  };
}

/** The pairings API in memory; product search answers by name. */
function pairingsServer(options: { createError?: { status: number; code: string; message: string } } = {}) {
  let pairings: Pairing[] = [];
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const { pathname, searchParams } = new URL(url, "http://shop.test");
    if (method === "GET" && pathname === "/api/merchant/pairings") {
      return jsonResponse(
        200,
        pairings.filter((p) => p.kind === searchParams.get("kind")),
      );
    }
    if (method === "GET" && pathname === "/api/merchant/products") {
      const q = (searchParams.get("q") ?? "").toLowerCase();
      const items = [kettle, mugs].filter((p) => p.name.toLowerCase().includes(q));
      return jsonResponse(200, { items, total: items.length, page: 1, pageSize: 8 });
    }
    if (method === "POST" && pathname === "/api/merchant/pairings") {
      if (options.createError) {
        const { status, code, message } = options.createError;
        return jsonResponse(status, { error: { code, message } });
      }
      const created: Pairing = {
        id: "33333333-3333-4333-8333-333333333333",
        kind: body.kind,
        product: paired(kettle),
        paired: paired(mugs),
        createdAt: new Date().toISOString(),
      };
      pairings = [...pairings, created];
      return jsonResponse(201, created);
    }
    if (method === "DELETE" && pathname.startsWith("/api/merchant/pairings/")) {
      pairings = pairings.filter((p) => !pathname.endsWith(p.id));
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, { error: { code: "NOT_FOUND", message: `No route ${method} ${url}` } });
  };
  return { fetchFn, calls };
}

function renderPage(kind: "cross_sell" | "upsell") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PairingsPage kind={kind} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function pick(label: string, text: string, optionName: RegExp) {
  const box = screen.getByRole("combobox", { name: label });
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: text } });
  const listbox = await screen.findByRole("listbox", { name: `${label}: matching products` });
  await waitFor(() => {
    const options = within(listbox).getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([expect.stringMatching(optionName)]);
  });
  // Keyboard: the first match is active; Enter chooses it.
  fireEvent.keyDown(box, { key: "Enter" });
}

describe("PairingsPage", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("adds a cross-sell chosen with the keyboard, then removes it", async () => {
    const { fetchFn, calls } = pairingsServer();
    vi.stubGlobal("fetch", fetchFn);
    renderPage("cross_sell");

    expect(screen.getByRole("heading", { level: 1, name: "Cross-sells" })).toBeTruthy();
    expect(await screen.findByText("No cross-sells yet. Add the first one below.")).toBeTruthy();

    await pick("When the cart has", "kett", /Steel Kettle/);
    expect(screen.getByRole("button", { name: "Change when the cart has: Steel Kettle" })).toBeTruthy();
    await pick("Suggest this product", "mugs", /Stoneware Mugs/);
    fireEvent.click(screen.getByRole("button", { name: "Add" }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Pairing added"));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      kind: "cross_sell",
      productId: KETTLE,
      pairedProductId: MUGS,
    });
    const row = await screen.findByTestId("pairing");
    expect(within(row).getByText("Steel Kettle")).toBeTruthy();
    expect(within(row).getByText("Stoneware Mugs")).toBeTruthy();
    expect(within(row).getByText("Out of stock")).toBeTruthy();

    fireEvent.click(within(row).getByRole("button", { name: "Remove: Steel Kettle → Stoneware Mugs" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Pairing removed"));
    expect(
      calls.some(
        (c) =>
          c.method === "DELETE" && c.url === "/api/merchant/pairings/33333333-3333-4333-8333-333333333333",
      ),
    ).toBe(true);
    expect(await screen.findByText("No cross-sells yet. Add the first one below.")).toBeTruthy();
  });

  it("names the form with the right article: 'Add a cross-sell', 'Add an upsell'", async () => {
    vi.stubGlobal("fetch", pairingsServer().fetchFn);
    renderPage("upsell");
    expect(screen.getByRole("region", { name: "Add an upsell" })).toBeTruthy();
    cleanup();
    renderPage("cross_sell");
    expect(screen.getByRole("region", { name: "Add a cross-sell" })).toBeTruthy();
  });

  it("shows the server's refusal of a duplicate, and asks for both products first", async () => {
    const { fetchFn, calls } = pairingsServer({
      createError: {
        status: 409,
        code: "DUPLICATE_PAIRING",
        message: "These two products already have this upsell pairing.",
      },
    });
    vi.stubGlobal("fetch", fetchFn);
    renderPage("upsell");
    expect(screen.getByRole("heading", { level: 1, name: "Upsells" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Choose both products first.");
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await pick("When the cart has", "kett", /Steel Kettle/);
    await pick("Suggest this product", "mugs", /Stoneware Mugs/);
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "These two products already have this upsell pairing.",
      ),
    );
    expect(toast.success).not.toHaveBeenCalled();
  });
  it("refuses to pair a product with itself, in the contract's words, and a new choice clears it", async () => {
    const { fetchFn, calls } = pairingsServer();
    vi.stubGlobal("fetch", fetchFn);
    renderPage("cross_sell");
    await pick("When the cart has", "kett", /Steel Kettle/);
    await pick("Suggest this product", "kett", /Steel Kettle/);
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    expect((await screen.findByRole("alert")).textContent).toBe("A product cannot be paired with itself.");
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Change suggest this product: Steel Kettle" }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });
});
