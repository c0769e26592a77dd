import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";
import { type Cents, formatMoney } from "@haggle/domain/pricing/money";

/** One labelled figure of a money breakdown (inside a <dl>); the value arrives formatted. */
export function FigureRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The emphasised last line of a breakdown: the total, under a rule of its own (a separator
 * element would be a child a <dl> may not have).
 */
export function FigureTotal({
  label = "Total",
  value,
  testId,
}: {
  label?: string;
  value: string;
  testId: string;
}) {
  return (
    <div className="mt-1 flex items-baseline justify-between gap-4 border-t pt-3 text-base font-semibold">
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Ava's discount as its own line of a breakdown: the whole negotiated discount,
 * one figure from the server, shown after the subtotal it comes off.
 */
export function NegotiatedDiscountRow({
  amount,
  testId,
  alwaysShown = false,
}: {
  amount: Cents;
  testId: string;
  /** Show "$0.00" when there is no discount (the negotiation page's figures always list it). */
  alwaysShown?: boolean;
}) {
  if (amount <= 0 && !alwaysShown) return null;
  return (
    <FigureRow
      label={`${ASSISTANT_NAME}'s discount`}
      value={amount > 0 ? `−${formatMoney(amount)}` : formatMoney(0)}
      testId={testId}
    />
  );
}
