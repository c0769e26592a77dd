import { formatMoney } from "@haggle/domain/pricing/money";
import type { Profile } from "@haggle/contract/account";
import { TIER_LABELS } from "@haggle/domain/negotiation/loyalty-tiers";
import { UserRoundIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader } from "@/components/ui/card";

type CustomerCardProps = Pick<Profile, "name" | "email" | "loyaltyTier" | "ordersCount" | "lifetimeValue"> & {
  /** Spec §3: total savings default to 0. */
  totalSavings?: number | undefined;
};

/** Who is negotiating: name, e-mail, loyalty tier (NONE is 'New Customer'), orders, value, savings. */
export function CustomerCard({
  name,
  email,
  loyaltyTier,
  ordersCount,
  lifetimeValue,
  totalSavings = 0,
}: CustomerCardProps) {
  return (
    <Card role="region" aria-labelledby="customer-card-heading">
      <CardHeader className="flex-row items-center gap-3 space-y-0 pb-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/15 text-brand">
          <UserRoundIcon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id="customer-card-heading" className="font-semibold break-words">
            {name}
          </h2>
          <p className="text-sm break-all text-muted-foreground">{email}</p>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p className="flex items-center justify-between gap-2">
          <span className="text-muted-foreground">Loyalty tier</span>
          <Badge variant="brand" data-testid="customer-tier">
            {TIER_LABELS[loyaltyTier]}
          </Badge>
        </p>
        <dl className="grid grid-cols-3 gap-2 text-center">
          <div className="rounded-md bg-muted px-1 py-2">
            <dt className="text-xs text-muted-foreground">Orders</dt>
            <dd className="font-semibold tabular-nums" data-testid="customer-orders">
              {ordersCount}
            </dd>
          </div>
          <div className="rounded-md bg-muted px-1 py-2">
            <dt className="text-xs text-muted-foreground">Lifetime value</dt>
            <dd className="font-semibold tabular-nums break-all">{formatMoney(lifetimeValue)}</dd>
          </div>
          <div className="rounded-md bg-muted px-1 py-2">
            <dt className="text-xs text-muted-foreground">Total savings</dt>
            <dd className="font-semibold tabular-nums break-all">{formatMoney(totalSavings)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
