import { MAX_LINE_QUANTITY } from "@haggle/contract/limits";
import type { Product, ProductPage } from "@haggle/contract/products";
import { initialChoice, pick, variantFor } from "@haggle/domain/catalog/variant-choice";
import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";
import { discountBadgePercent, showsListPrice } from "@haggle/domain/pricing/discount-badge";
import { formatMoney } from "@haggle/domain/pricing/money";
import { productPath } from "@haggle/domain/catalog/product-path";
import {
  ChevronRightIcon,
  HandCoinsIcon,
  LoaderCircleIcon,
  ShoppingCartIcon,
} from "@/components/icons/first-page-icons";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { QuantityStepper } from "@/features/cart/components/quantity-stepper";
import { ProductCard } from "./product-card";
import { RatingStars } from "./rating-stars";
import { VariantPicker } from "./variant-picker";

/** How few left in stock is worth telling the shopper. */
const FEW_LEFT = 5;

export function stockSentence(product: Pick<Product, "inStock" | "stockLevel">): string {
  if (!product.inStock) return "Out of stock";
  if (product.stockLevel <= FEW_LEFT) return `Only ${product.stockLevel} left in stock`;
  return "In stock";
}

/** The catalogue filtered to one category, as the catalogue writes it. */
export function categoryHref(category: string): string {
  return `/?${new URLSearchParams({ category }).toString()}`;
}

/** The variant a shopper chose on the page: its id and option values as shown ("M / Black"). */
export interface ChosenVariant {
  id: string;
  title: string;
}

interface ProductDetailsProps {
  page: ProductPage;
  /** Adds the quantity (of the variant chosen, for a product with options) to the cart; resolves true when it was added. */
  onAddToCart: (product: Product, quantity?: number, variant?: ChosenVariant) => Promise<boolean>;
  /** Present for a signed-in shopper: adds the quantity if the cart lacks the variant, then opens the negotiation. */
  onNegotiate?: (product: Product, quantity: number, variant?: ChosenVariant) => Promise<void>;
  /** False for a signed-in shopper the merchant's holdout experiment holds out: no negotiation offered at all. */
  negotiable?: boolean;
  /** What the shop writes beside its prices ("incl. VAT", "+ tax"); null for none. */
  priceNote?: string | null;
}

/** The variant chosen on the page, kept in the address (`?variant=`), and the figures it shows. */
function useVariantChoice(product: ProductPage["product"]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [chosen, setChosen] = useState(() => initialChoice(product.variants, searchParams.get("variant")));
  const variant = variantFor(product.variants, chosen);
  const hasOptions = product.options.length > 0;
  // What the page shows: the chosen variant's figures; a combination not sold has none to sell.
  const shown = {
    price: variant?.price ?? product.price,
    listPrice: variant?.listPrice ?? product.listPrice,
    imageUrl: variant?.imageUrl || product.imageUrl,
    inStock: variant ? variant.inStock : false,
    stockLevel: variant?.stockLevel ?? 0,
  };
  const chosenVariant: ChosenVariant | undefined =
    hasOptions && variant ? { id: variant.id, title: variant.title } : undefined;

  /** Picks a value of one option; the address follows when the choice names a variant. */
  function choose(index: number, value: string) {
    const next = pick(product.variants, chosen, index, value);
    setChosen(next);
    const picked = variantFor(product.variants, next);
    if (picked) {
      const params = new URLSearchParams(searchParams);
      params.set("variant", picked.id);
      setSearchParams(params, { replace: true, preventScrollReset: true });
    }
  }

  return { chosen, variant, hasOptions, shown, chosenVariant, choose };
}

const crumbLink =
  "rounded-sm hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

function Breadcrumb({ product }: { product: Product }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        <li>
          <Link to="/" className={crumbLink}>
            Home
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRightIcon className="size-4" />
        </li>
        <li>
          <Link to={categoryHref(product.category)} className={crumbLink}>
            {product.category}
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRightIcon className="size-4" />
        </li>
        <li aria-current="page" className="line-clamp-1 text-foreground">
          {product.name}
        </li>
      </ol>
    </nav>
  );
}

function ProductPicture({ src, alt, discount }: { src: string; alt: string; discount: number | null }) {
  return (
    <div className="relative aspect-square overflow-hidden rounded-xl border bg-muted">
      <img
        src={src}
        alt={alt}
        width={600}
        height={600}
        decoding="async"
        fetchPriority="high"
        className="size-full object-cover"
      />
      {discount !== null && (
        <Badge variant="destructive" className="absolute top-3 left-3 text-sm">
          -{discount}%
        </Badge>
      )}
    </div>
  );
}

function ProductPrice({ price, listPrice, note }: { price: number; listPrice: number; note: string | null }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-3" data-testid="product-price">
      <span className="sr-only">Price:</span>
      <span className="text-3xl font-bold tabular-nums">{formatMoney(price)}</span>
      {note ? (
        <span className="text-sm text-muted-foreground" data-testid="price-tax-note">
          {note}
        </span>
      ) : null}
      {showsListPrice(price, listPrice) && (
        <>
          <span className="sr-only">List price:</span>
          <s className="text-lg text-muted-foreground tabular-nums">{formatMoney(listPrice)}</s>
        </>
      )}
    </p>
  );
}

interface BuyBoxProps extends Pick<ProductDetailsProps, "onAddToCart" | "onNegotiate" | "negotiable"> {
  product: Product;
  inStock: boolean;
  stockLevel: number;
  variant: ChosenVariant | undefined;
  quantity: number;
  onQuantity: (quantity: number) => void;
}

/** Quantity and the ways to buy: add to the cart, negotiate (or sign in to), each busy while it runs. */
function BuyBox({
  product,
  inStock,
  stockLevel,
  variant,
  quantity,
  onQuantity,
  onAddToCart,
  onNegotiate,
  negotiable,
}: BuyBoxProps) {
  const [busy, setBusy] = useState<"add" | "negotiate" | null>(null);
  const maxQuantity = Math.max(1, Math.min(MAX_LINE_QUANTITY, stockLevel));

  async function run(kind: "add" | "negotiate", action: () => Promise<unknown>) {
    if (busy) return;
    setBusy(kind);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-3 border-t pt-4">
      {inStock && (
        <div className="flex items-center gap-3">
          <span className="text-sm font-medium" aria-hidden="true">
            Quantity
          </span>
          <QuantityStepper
            name={product.name}
            quantity={quantity}
            busy={busy !== null}
            onChange={(next) => onQuantity(Math.min(maxQuantity, Math.max(1, next)))}
          />
        </div>
      )}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          size="lg"
          className="sm:flex-1"
          disabled={!inStock}
          aria-disabled={busy !== null || undefined}
          onClick={() => run("add", () => onAddToCart(product, quantity, variant))}
        >
          {busy === "add" ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <ShoppingCartIcon aria-hidden="true" />
          )}
          Add to Cart
        </Button>
        {onNegotiate && negotiable && inStock && (
          <Button
            size="lg"
            variant="brand"
            className="sm:flex-1"
            aria-disabled={busy !== null || undefined}
            onClick={() => run("negotiate", () => onNegotiate(product, quantity, variant))}
          >
            {busy === "negotiate" ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <HandCoinsIcon aria-hidden="true" />
            )}
            {`Negotiate with ${ASSISTANT_NAME}`}
          </Button>
        )}
      </div>
      {!onNegotiate && negotiable && inStock && (
        <p className="text-sm text-muted-foreground">
          <Link
            to={`/auth?${new URLSearchParams({ redirect: productPath(product) }).toString()}`}
            className="font-medium text-foreground underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {`Sign in to negotiate the price with ${ASSISTANT_NAME}`}
          </Link>
        </p>
      )}
    </div>
  );
}

function BoughtTogether({
  products,
  onAddToCart,
  priceNote,
}: {
  products: Product[];
  onAddToCart: ProductDetailsProps["onAddToCart"];
  priceNote: string | null;
}) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="bought-together" className="flex flex-col gap-4">
      <h2 id="bought-together" className="text-xl font-semibold tracking-tight">
        Frequently bought together
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {products.map((other) => (
          <li key={other.id} className="flex">
            <ProductCard product={other} onAddToCart={(p) => void onAddToCart(p)} priceNote={priceNote} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A product's own page: picture, facts, price, stock, quantity and the ways to buy it. A product
 * with options has pickers; the price, picture and stock follow the variant chosen, which the
 * address keeps (`?variant=`), so a shared or reloaded page opens at it.
 */
export function ProductDetails({
  page,
  onAddToCart,
  onNegotiate,
  negotiable = true,
  priceNote = null,
}: ProductDetailsProps) {
  const { product } = page;
  const { chosen, variant, hasOptions, shown, chosenVariant, choose } = useVariantChoice(product);
  const [quantity, setQuantity] = useState(1);

  return (
    <div className="flex flex-col gap-10">
      <Breadcrumb product={product} />
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductPicture
          src={shown.imageUrl}
          alt={variant && hasOptions ? `${product.name} — ${variant.title}` : product.name}
          discount={discountBadgePercent(shown.price, shown.listPrice)}
        />
        <div className="flex flex-col gap-4" data-testid="product-summary">
          <div className="flex flex-col gap-1">
            <p className="text-sm font-medium tracking-wide text-muted-foreground uppercase">
              {product.brand}
            </p>
            <h1 className="text-2xl leading-tight font-bold tracking-tight sm:text-3xl">{product.name}</h1>
          </div>
          <RatingStars rating={product.rating} reviewCount={product.reviewCount} />
          <ProductPrice price={shown.price} listPrice={shown.listPrice} note={priceNote} />
          {hasOptions && (
            <VariantPicker
              options={product.options}
              variants={product.variants}
              chosen={chosen}
              onPick={(index, value) => {
                choose(index, value);
                setQuantity(1);
              }}
            />
          )}
          <p
            className={
              shown.inStock ? "text-sm font-medium text-brand" : "text-sm font-medium text-destructive"
            }
            data-testid="product-stock"
            aria-live="polite"
          >
            {variant ? stockSentence(shown) : "Not sold in this combination"}
          </p>
          <BuyBox
            product={product}
            inStock={shown.inStock}
            stockLevel={shown.stockLevel}
            variant={chosenVariant}
            quantity={quantity}
            onQuantity={setQuantity}
            onAddToCart={onAddToCart}
            onNegotiate={onNegotiate}
            negotiable={negotiable}
          />
          <section aria-labelledby="product-description" className="flex flex-col gap-2 border-t pt-4">
            <h2 id="product-description" className="text-lg font-semibold">
              Description
            </h2>
            <p className="leading-relaxed whitespace-pre-line text-muted-foreground">
              {product.description || "The merchant has not written a description yet."}
            </p>
          </section>
        </div>
      </div>
      <BoughtTogether
        products={page.frequentlyBoughtTogether}
        onAddToCart={onAddToCart}
        priceNote={priceNote}
      />
    </div>
  );
}

/** The page's shape while it loads, so nothing moves when the product arrives. */
export function ProductDetailsSkeleton() {
  return (
    <div className="flex flex-col gap-10" aria-busy="true">
      <span className="sr-only" role="status">
        Loading product…
      </span>
      <Skeleton className="h-5 w-64" />
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <Skeleton className="aspect-square w-full rounded-xl" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-9 w-32" />
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      </div>
    </div>
  );
}
