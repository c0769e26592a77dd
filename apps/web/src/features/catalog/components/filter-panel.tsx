import { ChevronDownIcon } from "@/components/icons/first-page-icons";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useMediaQuery } from "@/lib/use-media-query";
import type { OptionFacet } from "@haggle/contract/products";
import { optionFacetText } from "@haggle/domain/catalog/option-facets";
import { type FacetOption, FacetChecklist } from "./facet-checklist";

interface FilterPanelProps {
  categories: readonly FacetOption[];
  brands: readonly FacetOption[];
  selectedCategories: readonly string[];
  selectedBrands: readonly string[];
  /** Option facets ("Size": M (12)); their values are chosen as "Name:Value". */
  optionFacets?: readonly OptionFacet[];
  selectedOptions?: readonly string[];
  onToggleOption?: (text: string, checked: boolean) => void;
  onToggleCategory: (value: string, checked: boolean) => void;
  onToggleBrand: (value: string, checked: boolean) => void;
  onClear: () => void;
  /** The first page is still loading: the lists show placeholders. */
  isLoading?: boolean;
}

/**
 * The 'Filters' sidebar. Below the lg breakpoint its heading becomes a disclosure button
 * (collapsed by default) so the product grid comes first on phones.
 */
export function FilterPanel(props: FilterPanelProps) {
  const panelId = useId();
  const isWide = useMediaQuery("(min-width: 1024px)");
  const [open, setOpen] = useState(false);
  // On a narrow screen the lists sit above the results: a ticked filter folds them away, so its
  // results show right under 'Filters' instead of below the whole list.
  const toggled =
    (onToggle: (value: string, checked: boolean) => void) => (value: string, checked: boolean) => {
      onToggle(value, checked);
      if (!isWide) setOpen(false);
    };
  const expanded = isWide || open;
  const selectedOptions = props.selectedOptions ?? [];
  const activeCount = props.selectedCategories.length + props.selectedBrands.length + selectedOptions.length;
  const hasFilters = activeCount > 0;

  return (
    <aside
      aria-label="Product filters"
      className="rounded-xl border bg-card p-4 shadow-sm lg:sticky lg:top-20"
    >
      <div className="flex min-h-8 items-center justify-between gap-2">
        <h2 className="text-base font-semibold">
          {isWide ? (
            "Filters"
          ) : (
            <button
              type="button"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((value) => !value)}
              className="-mx-1 flex items-center gap-2 rounded-md px-1 py-1 outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              Filters
              {activeCount > 0 && (
                <>
                  <span
                    className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground"
                    aria-hidden="true"
                  >
                    {activeCount}
                  </span>
                  <span className="sr-only">{`, ${activeCount} selected`}</span>
                </>
              )}
              <ChevronDownIcon
                className={cn("size-4 transition-transform", open && "rotate-180")}
                aria-hidden="true"
              />
            </button>
          )}
        </h2>
        {hasFilters && (
          <Button variant="ghost" size="sm" onClick={props.onClear}>
            Clear
          </Button>
        )}
      </div>
      {/* Collapsed by a class that lg: overrides, not by `hidden`: the server cannot know the
          screen's width, and its page must show the lists on a wide screen before any script. */}
      <div id={panelId} className={cn("mt-4 flex-col gap-6", expanded ? "flex" : "hidden lg:flex")}>
        <FacetChecklist
          title="Category"
          options={props.categories}
          selected={props.selectedCategories}
          onToggle={toggled(props.onToggleCategory)}
          loadingLabel={props.isLoading ? "Loading categories" : undefined}
        />
        {/* Shown with its options only: drawn earlier, it would be pushed down when the category
            list above it fills in (a layout shift); added below the list, nothing moves. */}
        {!(props.isLoading && props.brands.length === 0) && (
          <FacetChecklist
            title="Brand"
            options={props.brands}
            selected={props.selectedBrands}
            onToggle={toggled(props.onToggleBrand)}
            className="-m-1 max-h-48 overflow-y-auto p-1"
          />
        )}
        {(props.optionFacets ?? []).map((facet) => (
          <FacetChecklist
            key={facet.name}
            title={facet.name}
            options={facet.values}
            // Checked by the value's "Name:Value" text, labelled by the value alone.
            selected={facet.values
              .map((v) => optionFacetText(facet.name, v.value))
              .filter((text) => selectedOptions.includes(text))
              .map((text) => text.slice(facet.name.length + 1))}
            onToggle={toggled((value, checked) =>
              props.onToggleOption?.(optionFacetText(facet.name, value), checked),
            )}
            className="-m-1 max-h-48 overflow-y-auto p-1"
          />
        ))}
      </div>
    </aside>
  );
}
