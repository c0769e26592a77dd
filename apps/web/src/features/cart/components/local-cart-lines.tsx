import { formatUsd, toCents } from "@haggle/domain/money";
import { formatPrice } from "@/lib/format-price";
import { ShoppingCartIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useCart } from "../hooks/use-cart";

/** The browser-stored cart, read-only: editing and checkout come with the server cart. */
export function LocalCartLines() {
  const { lines, itemCount, subtotalCents } = useCart();

  if (lines.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <ShoppingCartIcon className="size-12 text-muted-foreground" aria-hidden="true" />
        <p className="text-lg font-medium">Your cart is empty</p>
        <Button asChild>
          <Link to="/">Continue Shopping</Link>
        </Button>
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <ul className="flex flex-col gap-3" aria-label="Cart items">
        {lines.map((line) => (
          <li key={line.id} className="flex gap-4 rounded-xl border bg-card p-3 shadow-sm">
            <img
              src={line.imageUrl}
              alt={line.name}
              width={80}
              height={80}
              loading="lazy"
              className="size-20 shrink-0 rounded-md bg-muted object-cover"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="text-xs text-muted-foreground">{line.brand}</p>
              <p className="truncate font-medium">{line.name}</p>
              <p className="text-sm text-muted-foreground">
                {formatPrice(line.price)} × {line.quantity}
              </p>
            </div>
            <p className="shrink-0 font-semibold">{formatUsd(toCents(line.price) * line.quantity)}</p>
          </li>
        ))}
      </ul>
      <Card className="h-fit">
        <CardHeader>
          <CardTitle>Order Summary</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <dl className="flex justify-between text-sm">
            <dt>
              Subtotal ({itemCount} {itemCount === 1 ? "item" : "items"})
            </dt>
            <dd className="font-semibold">{formatUsd(subtotalCents)}</dd>
          </dl>
          <Button asChild variant="outline">
            <Link to="/">Continue Shopping</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
