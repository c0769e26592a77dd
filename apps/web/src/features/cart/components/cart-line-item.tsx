import type { CartItem } from "@haggle/contract/cart";
import { showsListPrice } from "@haggle/domain/pricing/discount-badge";
import { productPath } from "@haggle/domain/catalog/product-path";
import { formatMoney } from "@haggle/domain/pricing/money";
import { Trash2Icon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { QuantityStepper } from "./quantity-stepper";

interface CartLineItemProps {
  item: CartItem;
  busy: boolean;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
}

/** One cart line: image, brand, name, the shop's unit price (list price struck when higher), the line total, controls. */
export function CartLineItem({ item, busy, onQuantityChange, onRemove }: CartLineItemProps) {
  const { product } = item;
  // The line at the shop's price; Ava's discount is the summary's own line, never folded in here.
  const unitPrice = item.regularPrice;
  const listPrice = item.listPrice;

  return (
    <li
      className="flex gap-3 rounded-xl border bg-card p-3 shadow-sm sm:gap-4 sm:p-4"
      aria-busy={busy || undefined}
      data-testid="cart-line"
      data-product-id={item.productId}
    >
      <img
        src={item.imageUrl}
        alt={item.name}
        width={96}
        height={96}
        loading="lazy"
        decoding="async"
        className="size-20 shrink-0 rounded-md bg-muted object-cover sm:size-24"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{product.brand}</p>
          <h3 className="line-clamp-2 leading-snug font-medium">
            <Link
              to={
                item.variantTitle ? `${productPath(product)}?variant=${item.variantId}` : productPath(product)
              }
              className="rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {item.name}
            </Link>
          </h3>
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="sr-only">Price:</span>
            <span className="font-semibold" data-testid="line-unit-price">
              {formatMoney(unitPrice)}
            </span>
            {showsListPrice(unitPrice, listPrice) && (
              <>
                <span className="sr-only">List price:</span>
                <s className="text-sm text-muted-foreground">{formatMoney(listPrice)}</s>
              </>
            )}
            <span className="text-xs text-muted-foreground">each</span>
          </p>
          {item.quantity > 1 && (
            <p className="text-sm text-muted-foreground">
              <span className="sr-only">Line total:</span>
              <span className="font-medium text-foreground tabular-nums" data-testid="line-total">
                {formatMoney(item.lineTotal)}
              </span>{" "}
              <span aria-hidden="true">for {item.quantity}</span>
            </p>
          )}
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
          <QuantityStepper
            name={item.name}
            quantity={item.quantity}
            busy={busy}
            onChange={onQuantityChange}
          />
          <Button
            variant="ghost"
            size="icon"
            className="text-muted-foreground hover:text-destructive"
            aria-label={`Remove ${item.name}`}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onRemove();
            }}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  );
}
