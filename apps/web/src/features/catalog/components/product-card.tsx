import type { Product } from "@haggle/contract/products";
import { discountBadgePercent, showsListPrice } from "@haggle/domain/pricing/discount-badge";
import { productPath } from "@haggle/domain/catalog/product-path";
import { formatMoney, toDecimalString } from "@haggle/domain/pricing/money";
import { ShoppingCartIcon } from "@/components/icons/first-page-icons";
import { useId } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { MAX_SWATCHES } from "@haggle/domain/catalog/option-facets";
import { swatchColour } from "../lib/swatch-colour";
import { RatingStars } from "./rating-stars";

interface ProductCardProps {
  product: Product;
  onAddToCart: (product: Product) => void;
  /**
   * A card of the first screenful: its picture loads at once (a lazy picture waits for layout,
   * and the first ones are the page's largest paint), "high" asks for it before the others.
   */
  firstScreen?: "high" | "eager";
  /** What the shop writes beside its prices ("incl. VAT", "+ tax"); null or absent for none. */
  priceNote?: string | null;
}

/** The product's page, at the variant a filtered listing matched (`?variant=`). */
function cardPath(product: Product): string {
  const path = productPath(product);
  return product.variantId ? `${path}?variant=${encodeURIComponent(product.variantId)}` : path;
}

export function ProductCard({ product, onAddToCart, firstScreen, priceNote = null }: ProductCardProps) {
  const headingId = useId();
  const price = product.price;
  const listPrice = product.listPrice;
  const discount = discountBadgePercent(price, listPrice);
  // The variants' prices differ: the card shows the cheapest as "from $X".
  const from = product.maxPrice !== undefined && product.maxPrice > price;
  const href = cardPath(product);

  return (
    <article
      aria-labelledby={headingId}
      data-brand={product.brand}
      data-price={toDecimalString(product.price)}
      className="group flex w-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md"
    >
      {/* The picture leads to the page too; the name's link is the one in the tab order. */}
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="relative block aspect-square overflow-hidden bg-muted"
      >
        <img
          src={product.imageUrl}
          alt={product.name}
          loading={firstScreen ? "eager" : "lazy"}
          fetchPriority={firstScreen === "high" ? "high" : undefined}
          decoding="async"
          width={400}
          height={400}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        {discount !== null && (
          <Badge variant="destructive" className="absolute top-2 left-2 text-sm">
            -{discount}%
          </Badge>
        )}
        {!product.inStock && (
          <div className="absolute inset-0 flex items-center justify-center bg-background/70 backdrop-blur-[1px]">
            <span className="rounded-md bg-foreground px-3 py-1 text-sm font-semibold text-background">
              Out of Stock
            </span>
          </div>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{product.brand}</p>
        <h3 id={headingId} className="line-clamp-2 text-sm leading-snug font-semibold sm:text-base">
          <Link
            to={href}
            className="rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {product.name}
          </Link>
        </h3>
        <RatingStars rating={product.rating} reviewCount={product.reviewCount} />
        {product.swatches && product.swatches.length > 0 && <Swatches colours={product.swatches} />}
        <div className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1">
          <span className="sr-only">Price:</span>
          {from && <span className="text-sm text-muted-foreground">from</span>}
          <span className="text-lg font-bold">{formatMoney(price)}</span>
          {!from && showsListPrice(price, listPrice) && (
            <>
              <span className="sr-only">List price:</span>
              <s className="text-sm text-muted-foreground">{formatMoney(listPrice)}</s>
            </>
          )}
          {priceNote && <span className="text-xs text-muted-foreground">{priceNote}</span>}
        </div>
        {product.hasOptions ? (
          // Which size or colour is the shopper's to choose: the product page asks.
          <Button asChild className="mt-2 w-full" variant="outline">
            <Link to={href} aria-label={`Choose options for ${product.name}`}>
              Choose options
            </Link>
          </Button>
        ) : (
          <Button className="mt-2 w-full" disabled={!product.inStock} onClick={() => onAddToCart(product)}>
            <ShoppingCartIcon aria-hidden="true" />
            Add to Cart
          </Button>
        )}
      </div>
    </article>
  );
}

/** A card's colours: a few round swatches, each named for screen readers and on hover. */
function Swatches({ colours }: { colours: readonly string[] }) {
  const shown = colours.slice(0, MAX_SWATCHES);
  const more = colours.length - shown.length;
  return (
    <ul aria-label={`Colours: ${colours.join(", ")}`} className="flex items-center gap-1.5">
      {shown.map((colour) => {
        const paint = swatchColour(colour);
        return (
          <li key={colour} title={colour} className="flex">
            <span
              aria-hidden="true"
              className="size-4 rounded-full border border-foreground/30"
              style={paint ? { backgroundColor: paint } : undefined}
            />
          </li>
        );
      })}
      {more > 0 && <li aria-hidden="true" className="text-xs text-muted-foreground">{`+${more}`}</li>}
    </ul>
  );
}
