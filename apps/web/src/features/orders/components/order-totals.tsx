import { formatUsd, toCents } from "@haggle/domain/money";
import { Separator } from "@/components/ui/separator";
import type { OrderView } from "../api/orders-api";

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

const usd = (dollars: number) => formatUsd(toCents(dollars));

/** The order's own figures, as the server recorded them at checkout. */
export function OrderTotals({ order }: { order: OrderView }) {
  return (
    <dl className="flex flex-col gap-2 text-sm">
      <Row label="Subtotal" value={usd(order.subtotal)} testId="order-subtotal" />
      {toCents(order.extraDiscount) > 0 && (
        <Row label="Discount" value={`-${usd(order.extraDiscount)}`} testId="order-discount" />
      )}
      <Row
        label="Shipping"
        value={toCents(order.shipping) === 0 ? "Free" : usd(order.shipping)}
        testId="order-shipping"
      />
      <Row label="Tax" value={usd(order.tax)} testId="order-tax" />
      <Separator className="my-1" />
      <div className="flex items-baseline justify-between gap-4 text-base font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums" data-testid="order-total">
          {usd(order.total)}
        </dd>
      </div>
    </dl>
  );
}

/** "You saved $X" when the order saved anything (list prices and negotiated discount). */
export function OrderSavings({ order, className }: { order: OrderView; className?: string }) {
  const saved = toCents(order.discountApplied);
  if (saved <= 0) return null;
  return (
    <p
      className={className ?? "rounded-md bg-brand/10 px-3 py-2 text-center text-sm font-medium text-brand"}
      data-testid="order-savings"
    >
      {`You saved ${formatUsd(saved)}`}
    </p>
  );
}
