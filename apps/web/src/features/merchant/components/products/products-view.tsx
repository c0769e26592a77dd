import type { MerchantProduct } from "@haggle/contract/merchant";
import { PlusIcon, SearchIcon } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/error-message";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import type { ProductVisibility } from "../../api/products-api";
import { useMerchantProducts, useProductMutations } from "../../api/products-queries";
import { ProductFormDialog } from "./products-form-dialog";
import { Pager } from "./products-pager";
import { ProductsList } from "./products-list";

export const PRODUCTS_PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 250;

interface ProductsViewProps {
  /** The shop's own product lists changed (the app refreshes the catalogue). */
  onCatalogChanged?: () => void;
}

/** /merchant/products: the searchable product table, with add, edit and hide/show. */
export function ProductsView({ onCatalogChanged }: ProductsViewProps) {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [visibility, setVisibility] = useState<ProductVisibility>("all");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<MerchantProduct | "new" | null>(null);
  const products = useMerchantProducts({ q, visibility, page, pageSize: PRODUCTS_PAGE_SIZE });
  const { update } = useProductMutations(onCatalogChanged);

  // A new search or filter starts from its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger
  useEffect(() => setPage(1), [q, visibility]);

  function toggleHidden(product: MerchantProduct) {
    const hidden = !product.hidden;
    update.mutate(
      { id: product.id, changes: { hidden } },
      {
        onSuccess: () =>
          toast.success(hidden ? "Product hidden from the shop" : "Product shown in the shop", {
            description: product.name,
          }),
        onError: (error) =>
          toast.error(errorMessage(error, `${product.name} could not be changed. Please try again.`)),
      },
    );
  }

  let body: ReactNode;
  if (products.isPending) {
    body = <Spinner aria-label="Loading products" className="py-24" />;
  } else if (products.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg font-medium">The products could not be loaded.</p>
        <Button onClick={() => void products.refetch()}>Try again</Button>
      </div>
    );
  } else if (products.data.items.length === 0) {
    body = (
      <p className="rounded-xl border p-8 text-center text-muted-foreground">
        {q ? `No products match "${q}".` : "No products yet. Add the first one."}
      </p>
    );
  } else {
    const list = products.data;
    body = (
      <>
        <ProductsList
          products={list.items}
          isBusy={products.isFetching}
          changingId={update.isPending ? (update.variables?.id ?? null) : null}
          onEdit={setEditing}
          onToggleHidden={toggleHidden}
        />
        <Pager
          page={list.page}
          pageSize={list.pageSize}
          total={list.total}
          noun="products"
          onPage={setPage}
        />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Products</h1>
          <p className="text-muted-foreground">
            {products.data
              ? `${products.data.total} ${products.data.total === 1 ? "product" : "products"}`
              : " "}
          </p>
        </div>
        <Button onClick={() => setEditing("new")}>
          <PlusIcon aria-hidden="true" />
          Add New Product
        </Button>
      </div>
      <ProductsToolbar
        search={search}
        onSearch={setSearch}
        visibility={visibility}
        onVisibility={setVisibility}
      />
      {body}
      <ProductFormDialog
        target={editing}
        onClose={() => setEditing(null)}
        onCatalogChanged={onCatalogChanged}
      />
    </div>
  );
}

/** The table's search box and its shown/hidden filter. */
function ProductsToolbar({
  search,
  onSearch,
  visibility,
  onVisibility,
}: {
  search: string;
  onSearch: (text: string) => void;
  visibility: ProductVisibility;
  onVisibility: (visibility: ProductVisibility) => void;
}) {
  const searchId = useId();
  const visibilityId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <search className="relative flex-1">
        <Label htmlFor={searchId} className="sr-only">
          Search products
        </Label>
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={searchId}
          type="search"
          placeholder="Search by name, SKU, brand…"
          autoComplete="off"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          className="pl-9"
        />
      </search>
      <div className="flex flex-col gap-2 sm:w-48">
        <Label htmlFor={visibilityId}>Show</Label>
        <NativeSelect
          id={visibilityId}
          value={visibility}
          onChange={(event) => onVisibility(event.target.value as ProductVisibility)}
        >
          <option value="all">All products</option>
          <option value="visible">Shown in the shop</option>
          <option value="hidden">Hidden</option>
        </NativeSelect>
      </div>
    </div>
  );
}
