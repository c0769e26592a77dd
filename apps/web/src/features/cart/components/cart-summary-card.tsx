import type { Summary } from "@haggle/contract/cart";
import { formatUsd, toCents } from "@haggle/domain/money";
import type { ReactNode } from "react";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Separator } from "@/components/ui/separator";

const usd = (dollars: number) => formatUsd(toCents(dollars));

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

interface CartSummaryCardProps {
  summary: Summary;
  /** A change is waiting for the server: the figures are about to be replaced. */
  updating: boolean;
  /** The cart's actions (checkout, negotiate, continue shopping). */
  children: ReactNode;
}

/** 'Order Summary': every figure is the server's (decisions.md: one pricing rule). */
export function CartSummaryCard({ summary, updating, children }: CartSummaryCardProps) {
  const savings = toCents(summary.savings);
  return (
    <Card className="h-fit lg:sticky lg:top-20" aria-busy={updating || undefined}>
      <CardHeader>
        <CardTitle>Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <dl className="flex flex-col gap-2">
          <Row label="Items" value={String(summary.itemCount)} testId="summary-items" />
          <Row label="Subtotal" value={usd(summary.subtotal)} testId="summary-subtotal" />
          {toCents(summary.discount) > 0 && (
            <Row label="Discount" value={`-${usd(summary.discount)}`} testId="summary-discount" />
          )}
          <Row
            label="Shipping"
            value={toCents(summary.shipping) === 0 ? "Free" : usd(summary.shipping)}
            testId="summary-shipping"
          />
          <Row label="Tax" value={usd(summary.tax)} testId="summary-tax" />
          <Separator className="my-1" />
          <div className="flex items-baseline justify-between gap-4 text-base font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="summary-total">
              {usd(summary.total)}
            </dd>
          </div>
        </dl>
        {savings > 0 && (
          <p
            className="rounded-md bg-brand/10 px-3 py-2 text-center font-medium text-brand"
            data-testid="summary-savings"
          >
            {`You save ${formatUsd(savings)}`}
          </p>
        )}
      </CardContent>
      <CardFooter className="flex-col items-stretch gap-2">{children}</CardFooter>
    </Card>
  );
}
