import type { MerchantProduct } from "@haggle/contract/merchant";
import { EyeIcon, EyeOffIcon, PencilIcon, Rows3Icon } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatMoney } from "@haggle/domain/pricing/money";
import { useMediaQuery } from "@/lib/use-media-query";

interface ProductsListProps {
  products: readonly MerchantProduct[];
  isBusy: boolean;
  /** The product whose show/hide change is on its way, if any. */
  changingId: string | null;
  onEdit: (product: MerchantProduct) => void;
  onToggleHidden: (product: MerchantProduct) => void;
}

type RowProps = Omit<ProductsListProps, "products" | "isBusy"> & { product: MerchantProduct };

function HiddenBadge() {
  return (
    <Badge variant="outline" className="text-muted-foreground">
      <EyeOffIcon aria-hidden="true" className="size-3" />
      Hidden
    </Badge>
  );
}

function StockBadge({ inStock }: { inStock: boolean }) {
  return inStock ? (
    <Badge
      variant="secondary"
      className="bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300"
    >
      In Stock
    </Badge>
  ) : (
    <Badge variant="destructive">Out of Stock</Badge>
  );
}

function Price({ product }: { product: MerchantProduct }) {
  return (
    <>
      {formatMoney(product.price)}
      {product.listPrice > product.price && (
        <span className="block text-xs text-muted-foreground line-through">
          <span className="sr-only">List price </span>
          {formatMoney(product.listPrice)}
        </span>
      )}
    </>
  );
}

function Actions({ product, changingId, onEdit, onToggleHidden }: RowProps) {
  return (
    <>
      <Button variant="outline" size="sm" aria-label={`Edit ${product.name}`} onClick={() => onEdit(product)}>
        <PencilIcon aria-hidden="true" />
        Edit
      </Button>
      <Button asChild variant="outline" size="sm">
        <Link to={`/merchant/products/${product.id}/variants`} aria-label={`Variants of ${product.name}`}>
          <Rows3Icon aria-hidden="true" />
          Variants
        </Link>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`${product.hidden ? "Show" : "Hide"} ${product.name} ${product.hidden ? "in" : "from"} the shop`}
        disabled={changingId === product.id}
        onClick={() => onToggleHidden(product)}
      >
        {product.hidden ? <EyeIcon aria-hidden="true" /> : <EyeOffIcon aria-hidden="true" />}
        {product.hidden ? "Show" : "Hide"}
      </Button>
    </>
  );
}

function Thumbnail({ product, className }: { product: MerchantProduct; className: string }) {
  return (
    <img
      src={product.imageUrl}
      alt=""
      loading="lazy"
      className={`max-w-none rounded-md border bg-muted object-cover ${className}`}
    />
  );
}

function ProductsTable({ products, isBusy, ...row }: ProductsListProps) {
  return (
    <Table aria-label="Products" aria-busy={isBusy}>
      <TableHeader>
        <TableRow>
          <TableHead className="w-14">
            <span className="sr-only">Image</span>
          </TableHead>
          <TableHead>SKU</TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Brand</TableHead>
          <TableHead>Category</TableHead>
          <TableHead className="text-right">Price</TableHead>
          <TableHead className="text-right">Stock</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {products.map((product) => (
          <TableRow key={product.id} data-testid="product-row">
            <TableCell className="w-14 min-w-14">
              <Thumbnail product={product} className="size-10" />
            </TableCell>
            <TableCell className="font-mono text-xs whitespace-nowrap">{product.sku}</TableCell>
            <TableCell className="min-w-40 font-medium">
              <span className="flex flex-wrap items-center gap-2">
                {product.name}
                {product.hidden && <HiddenBadge />}
              </span>
            </TableCell>
            <TableCell className="whitespace-nowrap">{product.brand}</TableCell>
            <TableCell className="whitespace-nowrap">{product.category}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              <Price product={product} />
            </TableCell>
            <TableCell className="text-right tabular-nums">{product.stockLevel}</TableCell>
            <TableCell>
              <StockBadge inStock={product.inStock} />
            </TableCell>
            <TableCell>
              <div className="flex justify-end gap-1.5">
                <Actions product={product} {...row} />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Below 768 px a row of nine columns cannot fit: each product is a card with its buttons in reach. */
function ProductCards({ products, isBusy, ...row }: ProductsListProps) {
  return (
    <ul aria-label="Products" aria-busy={isBusy} className="flex flex-col gap-3">
      {products.map((product) => (
        <li key={product.id} data-testid="product-row" className="rounded-xl border bg-card p-3 shadow-sm">
          <div className="flex gap-3">
            <Thumbnail product={product} className="size-16" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                {product.name}
                {product.hidden && <HiddenBadge />}
              </p>
              <p className="text-xs text-muted-foreground">
                <span className="font-mono">{product.sku}</span>
                {` · ${product.brand} · ${product.category}`}
              </p>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="font-semibold tabular-nums">
                  <Price product={product} />
                </span>
                <span className="tabular-nums">{`Stock ${product.stockLevel}`}</span>
                <StockBadge inStock={product.inStock} />
              </div>
            </div>
          </div>
          <div className="mt-3 flex gap-2 [&>*]:flex-1">
            <Actions product={product} {...row} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The merchant's products: a table from 768 px (the spec's mobile breakpoint), cards below. */
export function ProductsList(props: ProductsListProps) {
  const isWide = useMediaQuery("(min-width: 768px)");
  return isWide ? <ProductsTable {...props} /> : <ProductCards {...props} />;
}
