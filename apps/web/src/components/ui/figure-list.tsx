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
