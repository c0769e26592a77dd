import { formatMoney } from "@haggle/domain/pricing/money";
import type { Profile } from "@haggle/contract/account";
import type { Cart } from "@haggle/contract/cart";
import { TagIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatShipping } from "@/lib/format-price";
import { describeOffer } from "../lib/format-offer";
import { CustomerCard } from "./customer-card";
import { FigureRow, FigureTotal, NegotiatedDiscountRow } from "@/components/ui/figure-list";

interface NegotiationSummaryPanelProps {
  cart: Cart;
  /** The signed-in shopper's profile; null while it loads. */
  profile: Profile | null;
}

/**
 * The left panel: who is negotiating, then the cart's figures exactly as the server computed them
 * (one pricing rule; the browser never adds anything up), and the offer that stands.
 */
export function NegotiationSummaryPanel({ cart, profile }: NegotiationSummaryPanelProps) {
  const { summary, offer } = cart;
  return (
    <aside className="flex min-w-0 flex-col gap-4 lg:sticky lg:top-20" aria-label="Negotiation summary">
      {profile && (
        <CustomerCard
          name={profile.name}
          email={profile.email}
          loyaltyTier={profile.loyaltyTier}
          ordersCount={profile.ordersCount}
          lifetimeValue={profile.lifetimeValue}
          totalSavings={profile.totalSavings}
        />
      )}
      <Card role="region" aria-labelledby="negotiation-cart-heading">
        <CardHeader className="pb-4">
          <CardTitle id="negotiation-cart-heading" className="text-lg">
            Your cart
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          <dl className="flex flex-col gap-2">
            <FigureRow label="Items" value={String(summary.itemCount)} testId="negotiation-items" />
            <FigureRow label="Subtotal" value={formatMoney(summary.subtotal)} testId="negotiation-subtotal" />
            <NegotiatedDiscountRow amount={summary.discount} testId="negotiation-discount" alwaysShown />
            <FigureRow
              label="Shipping"
              value={formatShipping(summary.shipping)}
              testId="negotiation-shipping"
            />
            <FigureRow label="Tax" value={formatMoney(summary.tax)} testId="negotiation-tax" />
            <FigureTotal value={formatMoney(summary.total)} testId="negotiation-total" />
          </dl>
          {offer && (
            <p
              className="flex items-start gap-2 rounded-md border border-brand/30 bg-brand/10 px-3 py-2 font-medium text-foreground"
              data-testid="negotiation-offer"
            >
              <TagIcon className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden="true" />
              <span>{describeOffer(offer)}</span>
            </p>
          )}
        </CardContent>
      </Card>
    </aside>
  );
}
