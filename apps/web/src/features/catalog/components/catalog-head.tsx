import { absoluteUrl, PageHead } from "@/components/seo/page-head";
import { useProductList } from "../api/use-product-list";
import { useCatalogFilters } from "../hooks/use-catalog-filters";
import { type CatalogFilters, writeCatalogFilters } from "../lib/catalog-filters";
import { breadcrumbJsonLd, itemListJsonLd } from "../lib/structured-data";

export const CATALOGUE_TITLE = "Haggle · Shop All Products";
const CATALOGUE_DESCRIPTION = "Haggle: an online shop where you don't pay list price. Negotiate it with Ava.";

/** The catalogue view's address with its filters in their canonical order, defaults left out. */
export function catalogPath(filters: CatalogFilters): string {
  const query = writeCatalogFilters(new URLSearchParams(), filters).toString();
  return query ? `/?${query}` : "/";
}

function catalogTitle(filters: CatalogFilters): string {
  const parts = [
    filters.q ? `“${filters.q}”` : null,
    filters.categories.length > 0 ? filters.categories.join(", ") : null,
    filters.brands.length > 0 ? filters.brands.join(", ") : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? CATALOGUE_TITLE : `${parts.join(" · ")} · Haggle`;
}

/**
 * The catalogue's head: its title and description by the filters, the canonical address of the
 * view, the products of its first page as an ItemList and, on a category view, its breadcrumb.
 */
export function CatalogHead() {
  const { filters } = useCatalogFilters();
  const list = useProductList(filters);
  const firstPage = list.isPlaceholderData ? undefined : list.data?.pages[0];
  const path = catalogPath(filters);
  const category = filters.categories.length === 1 ? filters.categories[0] : undefined;
  const description = firstPage
    ? `${category ?? "Shop"}: ${firstPage.total} ${firstPage.total === 1 ? "product" : "products"} at Haggle, from ${firstPage.items
        .slice(0, 3)
        .map((p) => p.name)
        .join(", ")}${firstPage.total > 3 ? " and more" : ""}. Don't pay list price: negotiate it with Ava.`
    : CATALOGUE_DESCRIPTION;
  const jsonLd: object[] = [];
  if (firstPage) jsonLd.push(itemListJsonLd(firstPage.items, absoluteUrl));
  if (category)
    jsonLd.push(
      breadcrumbJsonLd(
        [
          { name: "Home", path: "/" },
          { name: category, path },
        ],
        absoluteUrl,
      ),
    );
  return (
    <PageHead
      title={catalogTitle(filters)}
      description={firstPage && firstPage.total > 0 ? description : CATALOGUE_DESCRIPTION}
      canonicalPath={path}
      jsonLd={jsonLd}
    />
  );
}
