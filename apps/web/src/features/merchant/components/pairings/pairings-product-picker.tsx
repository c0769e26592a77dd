import { formatMoney } from "@haggle/domain/pricing/money";
import type { MerchantProduct } from "@haggle/contract/merchant";
import { XIcon } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { usePairableProducts } from "../../api/pairings-queries";

export type PickedProduct = Pick<
  MerchantProduct,
  "id" | "name" | "sku" | "price" | "imageUrl" | "inStock" | "hidden"
>;

interface ProductPickerProps {
  label: string;
  help: string;
  value: PickedProduct | null;
  onChange: (product: PickedProduct | null) => void;
  disabled?: boolean;
}

function ProductThumb({ product }: { product: PickedProduct }) {
  return (
    <img
      src={product.imageUrl}
      alt=""
      className="size-10 shrink-0 rounded-md border object-cover"
      loading="lazy"
    />
  );
}

function availability(product: PickedProduct): string | null {
  if (product.hidden) return "Hidden from the shop";
  if (!product.inStock) return "Out of stock";
  return null;
}

/**
 * A searchable product combobox (ARIA 1.2 pattern): type to search the catalogue, arrows to move,
 * Enter to choose, Escape to close. Once chosen, the product shows with a button to change it.
 */
export function ProductPicker({ label, help, value, onChange, disabled = false }: ProductPickerProps) {
  const inputId = useId();
  const listId = useId();
  const helpId = useId();
  const search = useProductSearch(value === null, onChange);

  if (value !== null)
    return (
      <ChosenProduct
        label={label}
        labelId={inputId}
        product={value}
        disabled={disabled}
        onClear={() => onChange(null)}
      />
    );

  const { open, items, active } = search;
  const activeProduct = open ? items[active] : undefined;
  return (
    <div className="relative flex flex-col gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        role="combobox"
        type="search"
        autoComplete="off"
        placeholder="Search by name, brand or SKU"
        value={search.text}
        disabled={disabled}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-describedby={helpId}
        aria-activedescendant={activeProduct ? `${listId}-${activeProduct.id}` : undefined}
        onChange={(event) => search.type(event.target.value)}
        onFocus={() => search.setOpen(true)}
        onBlur={() => search.setOpen(false)}
        onKeyDown={search.onKeyDown}
      />
      <p id={helpId} className="text-xs text-muted-foreground">
        {help}
      </p>
      {open && <ProductOptions label={label} listId={listId} search={search} />}
    </div>
  );
}

/**
 * The search as typed, the list's state and the keys that move in it. Searches only while the
 * list is open and nothing is chosen.
 */
function useProductSearch(searching: boolean, onChange: (product: PickedProduct | null) => void) {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useDebouncedValue(text.trim(), 200);
  const results = usePairableProducts(q, open && searching);
  const items = results.data?.items ?? [];
  // The list answers the text as typed, not a moment ago: only then does Enter choose from it.
  const settled = q === text.trim() && results.isSuccess && !results.isPlaceholderData;

  const choose = (product: PickedProduct) => {
    onChange(product);
    setOpen(false);
    setText("");
  };

  const type = (next: string) => {
    setText(next);
    setActive(0);
    setOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((i) => Math.min(i + 1, Math.max(items.length - 1, 0)));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === "Enter") {
      const product = open && settled ? items[active] : undefined;
      // Enter chooses from an open list; it never submits the form half-filled.
      event.preventDefault();
      if (product) choose(product);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return { text, type, open, setOpen, active, setActive, items, results, choose, onKeyDown };
}

/** The chosen product, with the button that clears it to choose again. */
function ChosenProduct({
  label,
  labelId,
  product,
  disabled,
  onClear,
}: {
  label: string;
  labelId: string;
  product: PickedProduct;
  disabled: boolean;
  onClear: () => void;
}) {
  const note = availability(product);
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium" id={labelId}>
        {label}
      </span>
      <div className="flex items-center gap-3 rounded-md border bg-background p-2">
        <ProductThumb product={product} />
        <div className="min-w-0 grow text-sm">
          <p className="truncate font-medium">{product.name}</p>
          <p className="text-muted-foreground">
            {`${product.sku} · ${formatMoney(product.price)}`}
            {note && <span className="text-amber-700 dark:text-amber-400">{` · ${note}`}</span>}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          disabled={disabled}
          aria-label={`Change ${label.toLowerCase()}: ${product.name}`}
          onClick={onClear}
        >
          <XIcon aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

/** The open list: the matching products, or why there are none. */
function ProductOptions({
  label,
  listId,
  search,
}: {
  label: string;
  listId: string;
  search: ReturnType<typeof useProductSearch>;
}) {
  const { items, results, active } = search;
  return (
    <div
      id={listId}
      role="listbox"
      aria-label={`${label}: matching products`}
      className="absolute top-16 right-0 left-0 z-20 max-h-80 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
    >
      {items.length === 0 ? (
        <div className="px-3 py-2 text-sm text-muted-foreground">
          {results.isFetching
            ? "Searching…"
            : results.isError
              ? "The products could not be loaded."
              : "No products match."}
        </div>
      ) : (
        items.map((product, index) => {
          const note = availability(product);
          return (
            <div
              key={product.id}
              tabIndex={-1}
              id={`${listId}-${product.id}`}
              role="option"
              aria-selected={index === active}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-sm px-2 py-1.5 text-sm",
                index === active && "bg-accent text-accent-foreground",
              )}
              // Chosen before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                search.choose(product);
              }}
              onMouseEnter={() => search.setActive(index)}
            >
              <ProductThumb product={product} />
              <span className="min-w-0 grow">
                <span className="block truncate font-medium">{product.name}</span>
                <span className="block text-xs text-muted-foreground">
                  {`${product.sku} · ${formatMoney(product.price)}`}
                  {note && ` · ${note}`}
                </span>
              </span>
            </div>
          );
        })
      )}
    </div>
  );
}
