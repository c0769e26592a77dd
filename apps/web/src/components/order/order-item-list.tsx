import { showsListPrice } from "@haggle/domain/pricing/discount-badge";
import { returnedLineNote } from "@haggle/domain/orders/refund";
import { formatMoney } from "@haggle/domain/pricing/money";
import { Link } from "react-router";
import type { Order as OrderView } from "@haggle/contract/orders";

/**
 * The order's lines as recorded at checkout: the product's picture, name (a link to its page),
 * quantity x the shop's unit price (list price struck when higher), line total. Units given back
 * say "refunded", or "cancelled" on an order called off before it was paid (`paymentStatus`).
 */
export function OrderItemList({
  items,
  paymentStatus,
}: {
  items: OrderView["items"];
  paymentStatus: string;
}) {
  return (
    <ul className="flex flex-col divide-y" aria-label="Items">
      {items.map((item) => {
        // The line at the shop's price; Ava's discount is the order's own line (OrderTotals).
        const unitPrice = item.regularPrice;
        const listPrice = item.listPrice;
        const returned = returnedLineNote(item, paymentStatus);
        return (
          <li
            // Order lines have no id of their own; a product appears once per order.
            key={`${item.productId ?? ""}:${item.name}`}
            className="flex items-start gap-3 py-2.5 text-sm"
            data-testid="order-line"
          >
            {item.imageUrl ? (
              // The name beside it says what it is: the picture adds nothing for a screen reader.
              <img
                src={item.imageUrl}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                decoding="async"
                className="size-12 shrink-0 rounded-md bg-muted object-cover"
                data-testid="order-line-image"
              />
            ) : (
              <div aria-hidden="true" className="size-12 shrink-0 rounded-md bg-muted" />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">
                {item.productId ? (
                  // The product's page at its address (its id when the product has none: that URL redirects).
                  <Link
                    to={`/products/${item.slug ?? item.productId}`}
                    className="rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {item.name}
                  </Link>
                ) : (
                  item.name
                )}
              </p>
              <p className="text-muted-foreground">
                {`Quantity: ${item.quantity} × `}
                <span className="sr-only">unit price </span>
                <span className="tabular-nums">{formatMoney(unitPrice)}</span>
                {returned && (
                  <span className="ml-1 text-destructive" data-testid="order-line-refunded">
                    {`· ${returned}`}
                  </span>
                )}
                {showsListPrice(unitPrice, listPrice) && (
                  <>
                    {" "}
                    <span className="sr-only">list price </span>
                    <s className="text-xs tabular-nums">{formatMoney(listPrice)}</s>
                  </>
                )}
              </p>
            </div>
            <p className="flex shrink-0 flex-col items-end tabular-nums">
              <span className="sr-only">Line total:</span>
              <span className="font-medium" data-testid="order-line-total">
                {formatMoney(item.lineTotal)}
              </span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
