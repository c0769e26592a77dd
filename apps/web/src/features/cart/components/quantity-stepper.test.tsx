import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseQuantity, QuantityStepper } from "./quantity-stepper";

describe("parseQuantity", () => {
  it("reads whole numbers and caps them at the line maximum", () => {
    expect(parseQuantity(" 3 ")).toBe(3);
    expect(parseQuantity("0")).toBe(0);
    expect(parseQuantity("1000")).toBe(99);
    expect(parseQuantity("")).toBeNull();
    expect(parseQuantity("2.5")).toBeNull();
    expect(parseQuantity("-1")).toBeNull();
  });
});

describe("QuantityStepper", () => {
  afterEach(cleanup);

  it("steps by one and commits a typed number on Enter", () => {
    const onChange = vi.fn();
    render(<QuantityStepper name="Kettle" quantity={2} busy={false} onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Increase quantity of Kettle" }));
    fireEvent.click(screen.getByRole("button", { name: "Decrease quantity of Kettle" }));
    const input = screen.getByRole("spinbutton", { name: "Quantity of Kettle" });
    fireEvent.change(input, { target: { value: "7" } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onChange.mock.calls).toEqual([[3], [1], [7]]);
  });

  it("ignores clicks while a change is on its way, and Escape restores the number", () => {
    const onChange = vi.fn();
    const { rerender } = render(<QuantityStepper name="Kettle" quantity={1} busy onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Increase quantity of Kettle" }));
    expect(onChange).not.toHaveBeenCalled();
    expect(
      (screen.getByRole("button", { name: "Decrease quantity of Kettle" }) as HTMLButtonElement).disabled,
    ).toBe(true);

    rerender(<QuantityStepper name="Kettle" quantity={1} busy={false} onChange={onChange} />);
    const input = screen.getByRole("spinbutton", { name: "Quantity of Kettle" }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: "5" } });
    fireEvent.keyDown(input, { key: "Escape" });
    expect(input.value).toBe("1");
    fireEvent.blur(input);
    expect(onChange).not.toHaveBeenCalled();
  });
});
