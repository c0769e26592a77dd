import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FilterPanel } from "./filter-panel";

function Panel() {
  const [selected, setSelected] = useState<string[]>([]);
  return (
    <FilterPanel
      categories={[
        { value: "Kitchen", count: 3 },
        { value: "Outdoor", count: 2 },
      ]}
      brands={[]}
      selectedCategories={selected}
      selectedBrands={[]}
      onToggleCategory={(value, checked) =>
        setSelected((s) => (checked ? [...s, value] : s.filter((v) => v !== value)))
      }
      onToggleBrand={() => {}}
      onClear={() => setSelected([])}
    />
  );
}

describe("the filters on a narrow screen", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("fold away once a filter is ticked, so the results follow right after them", () => {
    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({
        matches: false,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );
    render(<Panel />);
    const toggle = screen.getByRole("button", { name: /^Filters/ });
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(screen.getByRole("checkbox", { name: /Kitchen/ }));
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByRole("button", { name: /^Filters, 1 selected/ })).toBeTruthy();
  });
});
