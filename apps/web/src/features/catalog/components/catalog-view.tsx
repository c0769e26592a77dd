import type { Product } from "@haggle/contract/products";
import { PackageSearchIcon } from "@/components/icons/first-page-icons";
import { useCallback, useEffect, useMemo } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { countNoun } from "@/lib/count-noun";
import { useShopTaxNote } from "@/lib/use-shop-tax-note";
import { useProductList } from "../api/use-product-list";
import { useCatalogFilters } from "../hooks/use-catalog-filters";
import { toggleValue } from "../lib/catalog-filters";
import { withSelectedOptions } from "../lib/facet-options";
import { FilterPanel } from "./filter-panel";
import { ProductCard } from "./product-card";
import { SearchBox } from "./search-box";
import { SortSelect } from "./sort-select";

interface CatalogViewProps {
  onAddToCart: (product: Product) => void;
}

/** The home page: 'Shop All Products' with search, sort, filters and a paged product grid. */
export function CatalogView({ onAddToCart }: CatalogViewProps) {
  const { filters, updateFilters } = useCatalogFilters();
  const list = useProductList(filters);
  const pages = list.data?.pages ?? [];
  const firstPage = pages[0];
  const products = useMemo(() => pages.flatMap((page) => page.items), [pages]);
  // A new filter or sort keeps the previous results on screen, dimmed, until its own arrive.
  const isRefreshing = list.isPlaceholderData;
  const total = firstPage?.total ?? products.length;

  useEffect(() => {
    // The spec's error catalogue: a product fetch error is logged only.
    if (list.error) console.error("Failed to load products", list.error);
  }, [list.error]);

  const categories = useMemo(
    () => withSelectedOptions(firstPage?.facets.categories ?? [], filters.categories),
    [firstPage, filters.categories],
  );
  const brands = useMemo(
    () => withSelectedOptions(firstPage?.facets.brands ?? [], filters.brands),
    [firstPage, filters.brands],
  );

  const commitSearch = useCallback((q: string) => updateFilters({ q }, { replace: true }), [updateFilters]);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Shop All Products</h1>
        <p className="min-h-6 text-muted-foreground">
          {firstPage ? `${countNoun(firstPage.collectionTotal, "product")} in our collection` : "\u00a0"}
        </p>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox value={filters.q} onCommit={commitSearch} />
        <SortSelect value={filters.sort} onChange={(sort) => updateFilters({ sort })} />
      </div>

      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <div className="lg:w-64 lg:shrink-0">
          <FilterPanel
            categories={categories}
            brands={brands}
            selectedCategories={filters.categories}
            selectedBrands={filters.brands}
            optionFacets={firstPage?.facets.options ?? []}
            selectedOptions={filters.options}
            onToggleOption={(text, checked) =>
              updateFilters({ options: toggleValue(filters.options, text, checked) })
            }
            onToggleCategory={(value, checked) =>
              updateFilters({ categories: toggleValue(filters.categories, value, checked) })
            }
            onToggleBrand={(value, checked) =>
              updateFilters({ brands: toggleValue(filters.brands, value, checked) })
            }
            onClear={() => updateFilters({ categories: [], brands: [], options: [] })}
            isLoading={list.isPending}
          />
        </div>

        <section
          aria-label="Products"
          aria-busy={isRefreshing}
          className={cn(
            "flex min-w-0 flex-1 flex-col gap-4 transition-opacity",
            isRefreshing && "pointer-events-none opacity-60",
          )}
        >
          <ProductResults list={list} products={products} total={total} onAddToCart={onAddToCart} />
        </section>
      </div>
    </div>
  );
}

/** The results: a spinner, a retry, an empty-search hint, or the cards with "Load more". */
function ProductResults({
  list,
  products,
  total,
  onAddToCart,
}: {
  list: ReturnType<typeof useProductList>;
  products: Product[];
  total: number;
  onAddToCart: (product: Product) => void;
}) {
  const priceNote = useShopTaxNote();
  if (list.isPending) return <Spinner aria-label="Loading products" className="py-24" />;
  if (list.isError && !list.data?.pages[0])
    return (
      <div className="flex flex-col items-center gap-3 py-24 text-center text-muted-foreground">
        <p>Products could not be loaded right now.</p>
        <Button variant="outline" onClick={() => list.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (products.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 py-24 text-center">
        <PackageSearchIcon className="mb-2 size-12 text-muted-foreground" aria-hidden="true" />
        <p className="text-lg font-semibold">No products found</p>
        <p className="text-muted-foreground">Try adjusting your filters or search query</p>
      </div>
    );
  return (
    <>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {`Showing ${products.length} of ${countNoun(total, "product")}`}
      </p>
      {/* Two columns from the smallest phones up (1 to 4 by width). */}
      <ul
        aria-label="Product results"
        className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4"
      >
        {products.map((product, index) => (
          <li key={product.id} className="flex">
            <ProductCard
              product={product}
              onAddToCart={onAddToCart}
              priceNote={priceNote}
              // The first row on a phone (two) and on a wide screen (four).
              firstScreen={index < 2 ? "high" : index < 4 ? "eager" : undefined}
            />
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="flex justify-center pt-2">
          <Button
            variant="outline"
            size="lg"
            onClick={() => list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
            aria-busy={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        </div>
      )}
    </>
  );
}
