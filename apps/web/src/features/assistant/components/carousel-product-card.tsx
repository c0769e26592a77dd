import type { Product } from "@haggle/contract/products";
import { discountBadgePercent, showsListPrice } from "@haggle/domain/pricing/discount-badge";
import { formatMoney, groupThousands, toDecimalString } from "@haggle/domain/pricing/money";
import { productPath } from "@haggle/domain/catalog/product-path";
import { ShoppingCartIcon, StarIcon } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { countNoun } from "@/lib/count-noun";

interface CarouselProductCardProps {
  product: Product;
  onAddToCart: (product: Product) => void;
  /** Called when the shopper follows the product link. */
  onNavigate?: () => void;
}

/** A 256px-wide product card for the assistant's carousel. All product text is rendered as text. */
export function CarouselProductCard({ product, onAddToCart, onNavigate }: CarouselProductCardProps) {
  const headingId = useId();
  const price = product.price;
  const listPrice = product.listPrice;
  const discount = discountBadgePercent(price, listPrice);
  const rating = product.rating.toFixed(1);

  return (
    <article
      aria-labelledby={headingId}
      data-price={toDecimalString(product.price)}
      className="relative flex w-64 shrink-0 snap-start flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
    >
      <div className="relative aspect-[16/10] overflow-hidden bg-muted">
        <img
          src={product.imageUrl}
          alt={product.name}
          loading="lazy"
          decoding="async"
          width={256}
          height={160}
          className="size-full object-cover"
        />
        {discount !== null && (
          <Badge variant="destructive" className="absolute top-2 left-2">
            -{discount}%
          </Badge>
        )}
        {!product.inStock && (
          <div className="absolute inset-0 flex items-center justify-center bg-background/70">
            <span className="rounded-md bg-foreground px-2.5 py-1 text-xs font-semibold text-background">
              Out of Stock
            </span>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3">
        <p className="truncate text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {product.brand}
        </p>
        <h3 id={headingId} className="line-clamp-2 text-sm leading-snug font-semibold">
          <Link
            to={productPath(product)}
            onClick={onNavigate}
            className="rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {product.name}
          </Link>
        </h3>
        {product.reviewCount === 0 ? (
          <p className="text-xs text-muted-foreground">No reviews yet</p>
        ) : (
          <p className="flex items-center gap-1 text-xs">
            <StarIcon className="size-3.5 fill-star text-star" aria-hidden="true" />
            <span className="sr-only">{`Rated ${rating} out of 5, ${countNoun(product.reviewCount, "review")}`}</span>
            <span className="font-medium" aria-hidden="true">
              {rating}
            </span>
            <span className="text-muted-foreground" aria-hidden="true">
              ({groupThousands(product.reviewCount)})
            </span>
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-baseline gap-x-2">
          <span className="sr-only">Price:</span>
          <span className="font-bold">{formatMoney(price)}</span>
          {showsListPrice(price, listPrice) && (
            <>
              <span className="sr-only">List price:</span>
              <s className="text-xs text-muted-foreground">{formatMoney(listPrice)}</s>
            </>
          )}
        </div>
        <Button
          size="sm"
          className="mt-1 w-full"
          disabled={!product.inStock}
          onClick={() => onAddToCart(product)}
        >
          <ShoppingCartIcon aria-hidden="true" />
          Add to Cart
        </Button>
      </div>
    </article>
  );
}
