import type { ShippingOption, ShippingOptions } from "@haggle/contract/shipping";
import { formatMoney } from "@haggle/domain/pricing/money";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { RadioCard } from "./radio-card";

/** "1–2 business days", "Next business day". */
export function deliveryEstimate(days: ShippingOption["days"]): string {
  if (days.max === 0) return "Same day";
  if (days.min === days.max) return days.max === 1 ? "1 business day" : `${days.max} business days`;
  return `${days.min}–${days.max} business days`;
}

/**
 * The shipping methods serving the address, cheapest first, one chosen; the server's sentence
 * when no zone serves it. Nothing shows for a shop that charges its flat fee.
 */
export function ShippingMethodCard({
  id,
  answer,
  loading,
  selectedId,
  onChoose,
}: {
  id: string;
  answer: ShippingOptions | undefined;
  loading: boolean;
  selectedId: string | null;
  onChoose: (methodId: string) => void;
}) {
  if (answer && !answer.zones) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${id}-method`}>Shipping method</CardTitle>
      </CardHeader>
      <CardContent>
        {answer?.unserved ? (
          <p role="alert" className="text-sm text-destructive" data-testid="shipping-unserved">
            {answer.unserved}
          </p>
        ) : answer && answer.options.length > 0 ? (
          <fieldset className="flex flex-col gap-2" aria-labelledby={`${id}-method`}>
            {answer.options.map((option) => (
              <RadioCard
                key={option.methodId}
                name="shippingMethod"
                checked={selectedId === option.methodId}
                onChoose={() => onChoose(option.methodId)}
              >
                <span className="flex min-w-0 flex-1 flex-wrap justify-between gap-x-3">
                  <span className="flex flex-col">
                    <span className="font-medium">{option.name}</span>
                    <span className="text-muted-foreground">{deliveryEstimate(option.days)}</span>
                  </span>
                  <span className="tabular-nums">
                    {option.amount === 0 ? "Free" : formatMoney(option.amount)}
                  </span>
                </span>
              </RadioCard>
            ))}
          </fieldset>
        ) : (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {loading ? "Finding shipping methods…" : "Enter your address to see the shipping methods."}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
