import { formatMoney } from "@haggle/domain/pricing/money";
import type { DashboardDay } from "@haggle/contract/merchant";
import { useEffect, useId, useRef, useState } from "react";
import { chartTotals, formatAxisUsd, formatChartDay, niceMax } from "../../lib/dashboard-chart";

const HEIGHT = 260;
const MARGIN = { top: 12, right: 12, bottom: 30, left: 56 };
const TICKS = 4;

/** The element's width as laid out; `fallback` until it is known (and where ResizeObserver is missing). */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.floor(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

interface DashboardChartProps {
  days: readonly DashboardDay[];
}

/** Where the chart draws: the plot's size, the dollar scale (y) and the day bands (x). */
function chartScale(days: readonly DashboardDay[], width: number) {
  const innerWidth = Math.max(width - MARGIN.left - MARGIN.right, 10);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  // Amounts arrive in cents; the axis is rounded in dollars, then drawn in cents like the bars.
  const top = niceMax(Math.max(0, ...days.map((d) => Math.max(d.revenue, d.negotiatedDiscount))) / 100) * 100;
  const y = (value: number) => MARGIN.top + innerHeight - (value / top) * innerHeight;
  const band = innerWidth / Math.max(days.length, 1);
  const barWidth = Math.max(band * 0.65, 1);
  const x = (index: number) => MARGIN.left + index * band + band / 2;
  // About one day label per 64px.
  const labelEvery = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(innerWidth / 64))));
  return { innerWidth, innerHeight, top, y, barWidth, x, labelEvery };
}

type ChartScale = ReturnType<typeof chartScale>;

/** What a screen reader hears of the chart: the period, the totals and the best day. */
function chartSummary(days: readonly DashboardDay[]): string {
  const totals = chartTotals(days);
  return days.length === 0
    ? "No days to show."
    : `From ${formatChartDay(days[0]?.date ?? "", true)} to ${formatChartDay(days.at(-1)?.date ?? "", true)}: ` +
        `${formatMoney(totals.revenue)} revenue from ${totals.orders} ${totals.orders === 1 ? "order" : "orders"}, ` +
        `${formatMoney(totals.discount)} negotiated discount.` +
        (totals.best
          ? ` Best day: ${formatChartDay(totals.best.date, true)} with ${formatMoney(totals.best.revenue)}.`
          : "");
}

/**
 * Revenue (bars) and negotiated discount (line) per day, on one dollar axis so their sizes
 * compare honestly. Drawn at the width it gets, so labels keep their size on a phone; a
 * screen reader gets a summary and the figures as a table.
 */
export function DashboardChart({ days }: DashboardChartProps) {
  const { ref, width } = useWidth<HTMLDivElement>(720);
  const summaryId = useId();
  const title = `Revenue and negotiated discount per day, last ${days.length} days`;
  const scale = chartScale(days, width);

  return (
    <figure className="flex flex-col gap-3">
      <ChartCaption dayCount={days.length} />
      <div ref={ref} className="w-full">
        <svg
          role="img"
          aria-label={title}
          aria-describedby={summaryId}
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          className="block max-w-full overflow-visible"
        >
          <title>{title}</title>
          <DollarAxis scale={scale} />
          <RevenueBars days={days} scale={scale} />
          <DiscountLine days={days} scale={scale} />
          <DayLabels days={days} scale={scale} />
        </svg>
      </div>
      <p id={summaryId} className="sr-only">
        {chartSummary(days)}
      </p>
      <ChartTable days={days} title={title} />
    </figure>
  );
}

function ChartCaption({ dayCount }: { dayCount: number }) {
  return (
    <figcaption className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
      <span className="font-semibold">{`Revenue and negotiated discount · last ${dayCount} days`}</span>
      <ul aria-label="Legend" className="flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-3 rounded-sm bg-brand" />
          Revenue
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="h-0.5 w-4 rounded-full bg-amber-600" />
          Negotiated discount
        </li>
      </ul>
    </figcaption>
  );
}

/** The dollar gridlines and their labels. */
function DollarAxis({ scale }: { scale: ChartScale }) {
  const { top, y, innerWidth } = scale;
  return Array.from({ length: TICKS + 1 }, (_, i) => {
    const value = (top / TICKS) * i;
    return (
      <g key={value} data-tick={value}>
        <line
          x1={MARGIN.left}
          x2={MARGIN.left + innerWidth}
          y1={y(value)}
          y2={y(value)}
          className="stroke-border"
          strokeDasharray={i === 0 ? undefined : "3 3"}
        />
        <text
          x={MARGIN.left - 8}
          y={y(value)}
          textAnchor="end"
          dominantBaseline="middle"
          className="fill-muted-foreground text-[11px] tabular-nums"
        >
          {formatAxisUsd(value / 100)}
        </text>
      </g>
    );
  });
}

function RevenueBars({ days, scale }: { days: readonly DashboardDay[]; scale: ChartScale }) {
  const { x, y, barWidth, innerHeight } = scale;
  return days.map((d, i) => {
    const barTop = y(d.revenue);
    return (
      <rect
        key={d.date}
        x={x(i) - barWidth / 2}
        y={barTop}
        width={barWidth}
        height={Math.max(MARGIN.top + innerHeight - barTop, 0)}
        rx={Math.min(2, barWidth / 2)}
        className="fill-brand/80"
        data-day={d.date}
      >
        <title>{`${formatChartDay(d.date, true)}: ${formatMoney(d.revenue)} revenue, ${formatMoney(d.negotiatedDiscount)} negotiated discount`}</title>
      </rect>
    );
  });
}

function DiscountLine({ days, scale }: { days: readonly DashboardDay[]; scale: ChartScale }) {
  const { x, y } = scale;
  const linePoints = days.map((d, i) => `${x(i)},${y(d.negotiatedDiscount)}`).join(" ");
  return (
    <>
      {days.length > 1 && (
        <polyline
          points={linePoints}
          fill="none"
          className="stroke-amber-600"
          strokeWidth={2}
          strokeLinejoin="round"
        />
      )}
      {days.map((d, i) => (
        <circle key={d.date} cx={x(i)} cy={y(d.negotiatedDiscount)} r={2.5} className="fill-amber-600" />
      ))}
    </>
  );
}

/** About one day label per 64px. */
function DayLabels({ days, scale }: { days: readonly DashboardDay[]; scale: ChartScale }) {
  const { x, labelEvery } = scale;
  return days.map((d, i) =>
    i % labelEvery === 0 ? (
      <text
        key={d.date}
        x={x(i)}
        y={HEIGHT - 8}
        textAnchor="middle"
        className="fill-muted-foreground text-[11px]"
      >
        {formatChartDay(d.date)}
      </text>
    ) : null,
  );
}

/** The figures as a table, for screen readers. */
function ChartTable({ days, title }: { days: readonly DashboardDay[]; title: string }) {
  return (
    // A table ignores the 1px width of sr-only and widens the page on a phone: the wrapper clips it.
    <div className="sr-only">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Orders</th>
            <th scope="col">Revenue</th>
            <th scope="col">Negotiated discount</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{formatChartDay(d.date, true)}</th>
              <td>{d.orders}</td>
              <td>{formatMoney(d.revenue)}</td>
              <td>{formatMoney(d.negotiatedDiscount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
