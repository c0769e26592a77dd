import { formatMoney } from "@haggle/domain/pricing/money";
import type { Cart } from "@haggle/contract/cart";
import { ReceiptTextIcon } from "lucide-react";
import { type Ref, useId } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { formatShipping } from "@/lib/format-price";
import { FigureRow, FigureTotal, NegotiatedDiscountRow } from "@/components/ui/figure-list";

interface NegotiationReviewCardProps {
  /** The cart as the server answered it with the offer applied. */
  cart: Cart;
  onCheckout: () => void;
  /** Focus lands on the heading once the offer is applied. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * After applying: each item's original price (struck) against its negotiated unit price, then the
 * subtotal, Ava's discount as its own line, shipping, tax, total and the savings: all the server's figures.
 */
export function NegotiationReviewCard({ cart, onCheckout, headingRef }: NegotiationReviewCardProps) {
  const headingId = useId();
  const { summary } = cart;
  return (
    <Card role="region" aria-labelledby={headingId} data-testid="negotiation-review">
      <CardHeader className="pb-4">
        <CardTitle
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="flex items-center gap-2 text-lg outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ReceiptTextIcon className="size-5 text-brand" aria-hidden="true" />
          Review your negotiated order
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <ul className="flex flex-col divide-y" aria-label="Negotiated items">
          {cart.items.map((item) => {
            const original = item.regularPrice;
            const negotiated = item.unitPrice;
            return (
              <li
                key={item.id}
                className="flex items-start justify-between gap-3 py-2.5"
                data-testid="negotiation-review-line"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">{item.name}</p>
                  <p className="text-muted-foreground">{`Quantity: ${item.quantity}`}</p>
                </div>
                <p className="flex shrink-0 flex-col items-end tabular-nums">
                  {negotiated < original && (
                    <>
                      <span className="sr-only">Original price:</span>
                      <s className="text-xs text-muted-foreground" data-testid="review-original-price">
                        {formatMoney(item.regularPrice)}
                      </s>
                    </>
                  )}
                  <span className="sr-only">Negotiated price:</span>
                  <span className="font-semibold text-brand" data-testid="review-negotiated-price">
                    {formatMoney(item.unitPrice)}
                  </span>
                </p>
              </li>
            );
          })}
        </ul>
        <dl className="flex flex-col gap-2">
          <FigureRow label="Subtotal" value={formatMoney(summary.subtotal)} testId="review-subtotal" />
          <NegotiatedDiscountRow amount={summary.discount} testId="review-discount" alwaysShown />
          <FigureRow label="Shipping" value={formatShipping(summary.shipping)} testId="review-shipping" />
          <FigureRow label="Tax" value={formatMoney(summary.tax)} testId="review-tax" />
          <FigureTotal value={formatMoney(summary.total)} testId="review-total" />
        </dl>
        {summary.savings > 0 && (
          <p
            className="rounded-md bg-brand/10 px-3 py-2 text-center font-medium text-brand"
            data-testid="review-savings"
          >
            {`You save ${formatMoney(summary.savings)} in total`}
          </p>
        )}
      </CardContent>
      <CardFooter>
        <Button size="lg" className="w-full" onClick={onCheckout}>
          Proceed to Checkout
        </Button>
      </CardFooter>
    </Card>
  );
}
