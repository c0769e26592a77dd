import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, makeCart, makeCartItem, routeFetch } from "@/test/make-cart";
import { codeLine, DiscountCodeEntry } from "./discount-code-entry";

/** A code on the cart as the app holds it (cents, once the contract has read the wire's dollars). */
const applied = { code: "WELCOME10", applied: true, discount: 600, freeShipping: false, message: null };

function renderEntry(code: Parameters<typeof DiscountCodeEntry>[0]["code"]) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <DiscountCodeEntry code={code} />
    </QueryClientProvider>,
  );
}

describe("the cart's discount code", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says what the code does, or the server's sentence for why it does not apply", () => {
    expect(codeLine(applied)).toBe("WELCOME10: $6.00 off.");
    expect(codeLine({ ...applied, discount: 0, freeShipping: true })).toBe("WELCOME10: free shipping.");
    expect(
      codeLine({ ...applied, message: "Ava's price was better, so the code takes off the difference." }),
    ).toBe("WELCOME10: $6.00 off. Ava's price was better, so the code takes off the difference.");
    expect(
      codeLine({ ...applied, applied: false, discount: 0, message: "The code WELCOME10 has expired." }),
    ).toBe("The code WELCOME10 has expired.");
    expect(codeLine({ ...applied, applied: false, discount: 0 })).toBe("The code WELCOME10 does not apply.");
  });

  it("sends the typed code by Enter, shows the server's refusal beside the field, and clears it on success", async () => {
    let known = false;
    const { fetchFn, calls } = routeFetch({
      "PUT /api/cart/discount-code": () =>
        known
          ? jsonResponse(200, {
              ...makeCart([makeCartItem("p1", 1)]),
              discountCode: { ...applied, discount: 6 },
            })
          : jsonResponse(400, {
              error: {
                code: "UNKNOWN_DISCOUNT_CODE",
                message: "We don't know the code NOPE. Check it and try again.",
              },
            }),
      "GET /api/cart": () => jsonResponse(200, makeCart([makeCartItem("p1", 1)])),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderEntry(null);
    const field = screen.getByLabelText("Discount code");
    expect((screen.getByRole("button", { name: "Apply" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: "nope" } });
    fireEvent.submit(field);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("We don't know the code NOPE. Check it and try again.");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toBe(alert.id);

    known = true;
    fireEvent.change(field, { target: { value: "welcome10" } });
    fireEvent.submit(field);
    await waitFor(() => expect((field as HTMLInputElement).value).toBe(""));
    expect(calls.filter((c) => c.route === "PUT /api/cart/discount-code").map((c) => c.body)).toEqual([
      { code: "nope" },
      { code: "welcome10" },
    ]);
  });

  it("names the code on the cart and removes it by its labelled button", async () => {
    const { fetchFn, calls } = routeFetch({
      "DELETE /api/cart/discount-code": () => jsonResponse(200, makeCart([makeCartItem("p1", 1)])),
    });
    vi.stubGlobal("fetch", fetchFn);
    renderEntry(applied);
    expect(screen.getByRole("status").textContent).toBe("WELCOME10: $6.00 off.");
    expect(screen.getByLabelText("Use another code").tagName).toBe("INPUT");
    fireEvent.click(screen.getByRole("button", { name: "Remove the code WELCOME10" }));
    await waitFor(() => expect(calls.map((c) => c.route)).toContain("DELETE /api/cart/discount-code"));
  });
});
