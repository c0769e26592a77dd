import { setShopCurrency } from "@haggle/domain/pricing/money";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TextField } from "./text-field";

describe("TextField", () => {
  afterEach(() => setShopCurrency("USD", "en-US"));

  it("names a money field by the shop's currency sign, and links its hint", () => {
    setShopCurrency("EUR");
    render(<TextField label="Free over ($)" hint="Empty: never free." value="" onChange={() => {}} />);
    const input = screen.getByLabelText("Free over (€)");
    const hint = document.getElementById(input.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe("Empty: never free.");
  });
});
