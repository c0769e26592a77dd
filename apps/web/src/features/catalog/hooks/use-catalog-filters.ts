import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { type CatalogFilters, readCatalogFilters, writeCatalogFilters } from "../lib/catalog-filters";

/** The catalogue's filters, read from and written to the URL (`/?q=&category=&brand=&option=&sort=`). */
export function useCatalogFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readCatalogFilters(searchParams), [searchParams]);

  const updateFilters = useCallback(
    (change: Partial<CatalogFilters>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => writeCatalogFilters(current, { ...readCatalogFilters(current), ...change }),
        { replace: options.replace ?? false, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return { filters, updateFilters };
}
