import type { Order } from "@haggle/contract/orders";
import { ORDER_TIMELINE_LABELS } from "@haggle/domain/orders/order-timeline";
import { formatMoney } from "@haggle/domain/pricing/money";
import { formatShopDateTime } from "@haggle/domain/markets/shop-formats";

/** "Nov 25, 2026, 3:04 PM" as the shop writes dates (its locale), in the visitor's time zone. */
export function formatEventTime(iso: string): string {
  return formatShopDateTime(iso, "medium");
}

/**
 * What happened to the order and when, oldest first (placed, paid, shipped, refunded...): a list
 * with a dot and a line down its side; the last step is the order's state now.
 */
export function OrderTimeline({ timeline }: { timeline: Order["timeline"] }) {
  return (
    <section aria-labelledby="order-timeline-heading" className="flex flex-col gap-2 text-sm">
      <h3 id="order-timeline-heading" className="font-medium">
        Order timeline
      </h3>
      <ol className="flex flex-col" data-testid="order-timeline">
        {timeline.map((event, i) => {
          const last = i === timeline.length - 1;
          return (
            <li
              key={`${event.kind}:${event.at}:${event.amount}:${event.note}`}
              className="relative flex gap-3 pb-3 last:pb-0"
              data-testid="order-timeline-event"
              data-kind={event.kind}
            >
              {!last && (
                <span aria-hidden="true" className="absolute top-3 left-[5px] h-full w-px bg-border" />
              )}
              <span
                aria-hidden="true"
                className={`relative mt-1 size-[11px] shrink-0 rounded-full border-2 ${
                  last ? "border-brand bg-brand" : "border-muted-foreground/60 bg-background"
                }`}
              />
              <div className="flex min-w-0 flex-col">
                <span className="font-medium">
                  {ORDER_TIMELINE_LABELS[event.kind]}
                  {event.amount !== null && (
                    <span className="font-normal tabular-nums">{` · ${formatMoney(event.amount)}`}</span>
                  )}
                </span>
                <time dateTime={event.at} className="text-muted-foreground">
                  {formatEventTime(event.at)}
                </time>
                {event.note && <span className="text-muted-foreground">{event.note}</span>}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
