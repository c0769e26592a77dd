import { formatMoney } from "@haggle/domain/pricing/money";
import type { Order as OrderView } from "@haggle/contract/orders";
import { FigureRow, FigureTotal, NegotiatedDiscountRow } from "@/components/ui/figure-list";
import { formatShipping } from "@/lib/format-price";

/** The order's own figures, as the server recorded them at checkout. */
export function OrderTotals({
  order,
}: {
  order: Pick<OrderView, "subtotal" | "negotiatedDiscount" | "shipping" | "tax" | "total" | "refundedTotal"> &
    Partial<Pick<OrderView, "discountCode" | "codeDiscount" | "taxIncluded" | "taxLabel" | "shippingMethod">>;
}) {
  return (
    <dl className="flex flex-col gap-2 text-sm">
      <FigureRow label="Subtotal" value={formatMoney(order.subtotal)} testId="order-subtotal" />
      <NegotiatedDiscountRow amount={order.negotiatedDiscount} testId="order-discount" />
      {order.discountCode ? (
        <FigureRow
          label={`Code ${order.discountCode}`}
          value={(order.codeDiscount ?? 0) > 0 ? `−${formatMoney(order.codeDiscount ?? 0)}` : "Free shipping"}
          testId="order-code-discount"
        />
      ) : null}
      <FigureRow
        label={order.shippingMethod ? `Shipping (${order.shippingMethod})` : "Shipping"}
        value={formatShipping(order.shipping)}
        testId="order-shipping"
      />
      <FigureRow
        label={order.taxIncluded ? `Includes ${order.taxLabel ?? "tax"}` : (order.taxLabel ?? "Tax")}
        value={formatMoney(order.tax)}
        testId="order-tax"
      />
      <FigureTotal value={formatMoney(order.total)} testId="order-total" />
      {order.refundedTotal > 0 && (
        <FigureRow label="Refunded" value={`−${formatMoney(order.refundedTotal)}`} testId="order-refunded" />
      )}
    </dl>
  );
}

/** "You saved $X" when the order saved anything (list prices and Ava's discount together). */
export function OrderSavings({
  order,
  className,
}: {
  order: Pick<OrderView, "discountApplied">;
  className?: string;
}) {
  const saved = order.discountApplied;
  if (saved <= 0) return null;
  return (
    <p
      className={className ?? "rounded-md bg-brand/10 px-3 py-2 text-center text-sm font-medium text-brand"}
      data-testid="order-savings"
    >
      {`You saved ${formatMoney(saved)}`}
    </p>
  );
}
