import { spyOnToasts } from "@/test/spy-on-toasts";
import type { MerchantProduct } from "@haggle/contract/merchant";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { makeProduct } from "@/test/make-product";
import { routesAt } from "@/test/routes-at";
import { stubResizeObserver, stubViewportWidth } from "@/test/viewport";
import { ProductVariantsPage } from "./variants-page";

spyOnToasts();

const tee: MerchantProduct = {
  ...makeProduct("tee", { sku: "TEE", name: "Trail Tee" }),
  hidden: false,
  updatedAt: "2026-11-01T00:00:00.000Z",
};

const variant = (id: string, size: string, stockLevel: number) => ({
  id,
  optionValues: [size],
  sku: `TEE-${size}`,
  price: 25,
  listPrice: 30,
  stockLevel,
  weightGrams: null,
  barcode: "",
  imageUrl: "",
});

const saved = {
  productId: "tee",
  options: [{ name: "Size", values: ["S", "M"] }],
  variants: [variant("v1", "S", 3), variant("v2", "M", 4)],
};

/** A variant as the grid sends it: no id, a combination names it. */
const sent = (size: string, stockLevel: number) => {
  const { id: _, ...rest } = variant("", size, stockLevel);
  return rest;
};

const PATH = "/api/merchant/products/tee";

function renderPage(put: () => Response | Promise<Response>, more: Parameters<typeof routeFetch>[0] = {}) {
  const { fetchFn, calls } = routeFetch({
    ...more,
    [`GET ${PATH}`]: () => jsonResponse(200, tee),
    [`GET ${PATH}/variants`]: () => jsonResponse(200, saved),
    [`PUT ${PATH}/variants`]: put,
  });
  vi.stubGlobal("fetch", fetchFn);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { element } = routesAt([{ path: "*", element: <ProductVariantsPage productId="tee" /> }], "/");
  render(<QueryClientProvider client={client}>{element}</QueryClientProvider>);
  return { calls };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("the variant grid page", () => {
  beforeEach(() => {
    stubViewportWidth(1366);
    stubResizeObserver();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("sends the changed grid and keeps the answer as saved", async () => {
    const { calls } = renderPage(() =>
      jsonResponse(200, {
        ...saved,
        variants: [variant("v1", "S", 3), { ...variant("v2", "M", 9), price: 27.5 }],
      }),
    );
    await screen.findByLabelText("Stock of M");
    fireEvent.change(field("Stock of M"), { target: { value: "9" } });
    fireEvent.change(field("Price of M"), { target: { value: "27.50" } });
    expect(screen.getByText("Unsaved: 1 variant changed.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save variants" }));
    await waitFor(() => expect(screen.getByText("All changes saved.")).toBeTruthy());
    const put = calls.find((c) => c.route === `PUT ${PATH}/variants`);
    expect(put?.body).toEqual({
      options: [{ name: "Size", values: ["S", "M"] }],
      variants: [
        { ...sent("S", 3), price: 25 },
        { ...sent("M", 9), price: 27.5 },
      ],
    });
    expect(toast.success).toHaveBeenCalledWith("Variants saved", {
      description: "Trail Tee: 1 variant changed.",
    });
  });

  it("uploads a row's own picture (checked first) and sends its URL with that variant", async () => {
    const { calls } = renderPage(() => jsonResponse(200, saved), {
      "POST /api/merchant/images": () => jsonResponse(201, { url: "/images/uploads/tee-m.png" }),
    });
    const picker = (await screen.findByLabelText("Upload a picture of M")) as HTMLInputElement;
    fireEvent.change(picker, { target: { files: [new File(["hi"], "notes.txt", { type: "text/plain" })] } });
    expect((await screen.findByRole("alert")).textContent).toBe("Upload a PNG, JPEG, WebP or GIF picture.");
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "m.png", { type: "image/png" });
    fireEvent.change(picker, { target: { files: [png] } });
    await waitFor(() => expect(field("Picture URL of M").value).toBe("/images/uploads/tee-m.png"));
    expect(field("Picture URL of S").value).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Save variants" }));
    await waitFor(() => expect(calls.some((c) => c.route === `PUT ${PATH}/variants`)).toBe(true));
    const put = calls.find((c) => c.route === `PUT ${PATH}/variants`);
    expect(
      (put?.body as { variants: { imageUrl: string }[] } | undefined)?.variants.map((v) => v.imageUrl),
    ).toEqual(["", "/images/uploads/tee-m.png"]);
  });

  it("shows the contract's sentence beside its field, and a SKU another product holds beside that SKU", async () => {
    const { calls } = renderPage(() =>
      jsonResponse(409, { error: { code: "DUPLICATE_SKU", message: "SKU TEE-M is taken by product mug." } }),
    );
    await screen.findByLabelText("Stock of M");
    fireEvent.change(field("List price of S"), { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Save variants" }));
    const listPrice = field("List price of S");
    expect(listPrice.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("The list price of TEE-S cannot be lower than its price.")).toBeTruthy();
    expect(document.activeElement).toBe(listPrice);
    expect(calls.some((c) => c.route.startsWith("PUT"))).toBe(false);

    // Editing the field clears its sentence; the server's refusal shows beside the SKU it names.
    fireEvent.change(listPrice, { target: { value: "30" } });
    expect(listPrice.getAttribute("aria-invalid")).toBeNull();
    fireEvent.change(field("Stock of S"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Save variants" }));
    await waitFor(() => expect(field("SKU of M").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getAllByText("SKU TEE-M is taken by product mug.")).toHaveLength(2);
  });

  it("a new value adds its combination, sold, at the first row's price", async () => {
    renderPage(() => jsonResponse(500, {}));
    await screen.findByLabelText("Stock of M");
    fireEvent.change(screen.getByLabelText("New Size value"), { target: { value: "L" } });
    fireEvent.click(screen.getByRole("button", { name: "Add value" }));
    expect(field("SKU of L").value).toBe("TEE-L");
    expect(field("Price of L").value).toBe("25");
    expect(field("Stock of L").value).toBe("0");
    expect((screen.getByRole("switch", { name: "Sell L" }) as HTMLElement).getAttribute("aria-checked")).toBe(
      "true",
    );
    expect(screen.getByText("Unsaved: 1 variant added, options changed.")).toBeTruthy();
  });
});
