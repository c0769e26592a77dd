import { DEFAULT_HOLDOUT_PCT, type Experiment } from "@haggle/contract/experiments";
import { formatMoney } from "@haggle/domain/pricing/money";
import { FlaskConicalIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useExperiment, useExperimentSwitch } from "../../api/experiment-queries";
import { formatDateTime } from "../../lib/approvals-time";
import { formatShopCount, formatShopNumber, formatShopPercent } from "@haggle/domain/markets/shop-formats";

const count = { format: formatShopCount };
const percent = { format: (ratio: number) => formatShopPercent(ratio, 1) };
const points = { format: (n: number) => formatShopNumber(n, 1, true) };

type Group = Experiment["ava"];

/** "$1.20", "-$0.40": a signed amount of cents. */
const signedUsd = (cents: number) => (cents < 0 ? `-${formatMoney(-cents)}` : formatMoney(cents));

const ROWS: [label: string, id: string, value: (g: Group) => string][] = [
  ["Visitors with a cart", "visitors", (g) => count.format(g.visitors)],
  ["Conversion", "conversion", (g) => percent.format(g.conversion)],
  ["Average order value", "aov", (g) => formatMoney(g.averageOrderValue)],
  ["Revenue per cart", "revenue-per-cart", (g) => formatMoney(g.revenuePerCart)],
  ["Discount given", "discount", (g) => formatMoney(g.discount)],
];

function Comparison({ experiment }: { experiment: Experiment }) {
  const { revenuePerCart, conversion } = experiment;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-base font-medium" data-testid="experiment-sentence" aria-live="polite">
        {experiment.sentence}
      </p>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <section
        className="overflow-x-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        aria-label="Both groups side by side"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">
            Shoppers with Ava and shoppers held out, since the experiment started
          </caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-4 font-normal">
                Figure
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-normal">
                With Ava
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-normal">
                {`Held out (${experiment.holdoutPct}%)`}
              </th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map(([label, id, value]) => (
              <tr key={id} className="border-t">
                <th scope="row" className="py-2 pr-4 text-left font-medium">
                  {label}
                </th>
                <td
                  className="py-2 pr-4 text-right text-base font-semibold tabular-nums"
                  data-testid={`ava-${id}`}
                >
                  {value(experiment.ava)}
                </td>
                <td
                  className="py-2 pr-4 text-right text-base font-semibold tabular-nums"
                  data-testid={`holdout-${id}`}
                >
                  {value(experiment.holdout)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {revenuePerCart && conversion ? (
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <dt className="text-muted-foreground">Revenue per cart, difference (95% CI)</dt>
            <dd className="font-semibold tabular-nums" data-testid="experiment-revenue-ci">
              {`${signedUsd(revenuePerCart.difference)} (${signedUsd(revenuePerCart.low)} to ${signedUsd(revenuePerCart.high)})`}
            </dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="text-muted-foreground">Conversion, difference in points (95% CI)</dt>
            <dd className="font-semibold tabular-nums" data-testid="experiment-conversion-ci">
              {`${points.format(conversion.difference * 100)} (${points.format(conversion.low * 100)} to ${points.format(conversion.high * 100)})`}
            </dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}

function StartForm({ busy, onStart }: { busy: boolean; onStart: (holdoutPct: number) => void }) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [value, setValue] = useState(String(DEFAULT_HOLDOUT_PCT));
  const [error, setError] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const share = Number(value);
    if (!/^\d+$/.test(value.trim()) || share < 1 || share > 50) {
      setError("The share held out must be a whole percent from 1 to 50.");
      return;
    }
    setError(null);
    onStart(share);
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <Label htmlFor={inputId}>Share of shoppers held out (%)</Label>
      <div className="flex flex-wrap items-start gap-3">
        <Input
          id={inputId}
          inputMode="numeric"
          className="w-24"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
        />
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner aria-hidden="true" className="size-4" /> : null}
          Start measuring Ava
        </Button>
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        Held-out shoppers see no negotiate button; everyone else haggles with Ava as usual.
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The dashboard's 'Measure Ava' card: the holdout experiment's switch, and both groups'
 * figures since it started with the 95% intervals and a plain sentence. Refreshed live by the
 * experiment.updated event (useMerchantEvents invalidates every merchant query).
 */
export function ExperimentCard() {
  const experiment = useExperiment();
  const { start, stop } = useExperimentSwitch();
  const failure = start.error ?? stop.error;
  const current = experiment.data?.experiment ?? null;
  return (
    <Card role="region" aria-label="Measure Ava">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <FlaskConicalIcon aria-hidden="true" className="size-5 text-muted-foreground" />
          Measure Ava
        </CardTitle>
        <CardDescription>
          Hold a share of shoppers out from negotiating and compare what both groups buy. Each account is
          assigned once, when its cart first holds something (an anonymous cart at sign-in).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {experiment.isPending ? (
          <Spinner aria-label="Loading the experiment" className="py-6" />
        ) : experiment.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3">
            <p className="font-medium">The experiment could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void experiment.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            {current?.running ? (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm" data-testid="experiment-status">
                  {`Running since ${formatDateTime(current.startedAt)}, ${current.holdoutPct}% of shoppers held out.`}
                </p>
                <Button variant="outline" disabled={stop.isPending} onClick={() => stop.mutate()}>
                  Stop the experiment
                </Button>
              </div>
            ) : (
              <div className="flex flex-col gap-3">
                {current ? (
                  <p className="text-sm text-muted-foreground" data-testid="experiment-status">
                    {`Stopped ${formatDateTime(current.stoppedAt ?? current.startedAt)}; figures from ${formatDateTime(current.startedAt)}. Starting again begins a new measurement.`}
                  </p>
                ) : (
                  <p className="text-sm text-muted-foreground" data-testid="experiment-status">
                    No experiment yet.
                  </p>
                )}
                <StartForm busy={start.isPending} onStart={(holdoutPct) => start.mutate({ holdoutPct })} />
              </div>
            )}
            {failure ? (
              <p role="alert" className="text-sm text-destructive">
                {failure.message}
              </p>
            ) : null}
            {current ? <Comparison experiment={current} /> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
