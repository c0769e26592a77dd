import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Button } from "./button";

describe("Button asChild", () => {
  it("renders its child with the button's classes joined to the child's, and runs both click handlers", () => {
    const order: string[] = [];
    const onButton = vi.fn(() => order.push("button"));
    const onChild = vi.fn(() => order.push("child"));
    render(
      <Button asChild variant="outline" className="extra" onClick={onButton}>
        <a href="/cart" className="own" onClick={onChild}>
          Cart
        </a>
      </Button>,
    );
    const link = screen.getByRole("link", { name: "Cart" });
    expect(link.getAttribute("href")).toBe("/cart");
    expect(link.className).toContain("border-input");
    expect(link.className).toContain("extra");
    expect(link.className).toContain("own");
    expect(screen.queryByRole("button")).toBeNull();
    fireEvent.click(link);
    expect(order).toEqual(["child", "button"]);
  });

  it("is a type=button <button> without asChild", () => {
    render(<Button>Go</Button>);
    expect(screen.getByRole("button", { name: "Go" }).getAttribute("type")).toBe("button");
  });
});
