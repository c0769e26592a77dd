import type { Cart, Summary } from "@haggle/contract/cart";
import { formatMoney } from "@haggle/domain/pricing/money";
import type { ReactNode } from "react";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FigureRow, FigureTotal, NegotiatedDiscountRow } from "@/components/ui/figure-list";
import { formatShipping } from "@/lib/format-price";

interface CartSummaryCardProps {
  summary: Summary;
  /** A change is waiting for the server: the figures are about to be replaced. */
  updating: boolean;
  /** The cart's actions (checkout, negotiate, continue shopping). */
  children: ReactNode;
  /** The discount code on the cart: its own line when it takes something off the goods. */
  discountCode?: Cart["discountCode"];
  /** Shown under the figures (the discount code's field on the cart page). */
  extra?: ReactNode;
}

/** 'Order Summary': every figure is the server's (one pricing rule). */
export function CartSummaryCard({ summary, updating, children, discountCode, extra }: CartSummaryCardProps) {
  const savings = summary.savings;
  return (
    <Card className="h-fit lg:sticky lg:top-20" aria-busy={updating || undefined}>
      <CardHeader>
        <CardTitle>Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <dl className="flex flex-col gap-2">
          <FigureRow label="Items" value={String(summary.itemCount)} testId="summary-items" />
          <FigureRow label="Subtotal" value={formatMoney(summary.subtotal)} testId="summary-subtotal" />
          <NegotiatedDiscountRow amount={summary.discount} testId="summary-discount" />
          {discountCode?.applied && (summary.codeDiscount ?? 0) > 0 ? (
            <FigureRow
              label={`Code ${discountCode.code}`}
              value={`−${formatMoney(summary.codeDiscount ?? 0)}`}
              testId="summary-code-discount"
            />
          ) : null}
          <FigureRow label="Shipping" value={formatShipping(summary.shipping)} testId="summary-shipping" />
          <FigureRow
            label={
              summary.taxIncluded ? `Includes ${summary.taxLabel ?? "tax"}` : (summary.taxLabel ?? "Tax")
            }
            value={formatMoney(summary.tax)}
            testId="summary-tax"
          />
          <FigureTotal value={formatMoney(summary.total)} testId="summary-total" />
        </dl>
        {extra}
        {savings > 0 && (
          <p
            className="rounded-md bg-brand/10 px-3 py-2 text-center font-medium text-brand"
            data-testid="summary-savings"
          >
            {`You save ${formatMoney(savings)}`}
          </p>
        )}
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-2">{children}</CardFooter>
    </Card>
  );
}
