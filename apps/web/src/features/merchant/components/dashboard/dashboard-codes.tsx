import type { MerchantDashboard } from "@haggle/contract/merchant";
import { formatShopCount } from "@haggle/domain/markets/shop-formats";
import { formatMoney } from "@haggle/domain/pricing/money";
import { TicketPercentIcon } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

type CodeUses = MerchantDashboard["discountCodes"];

/**
 * The dashboard's 'Discount codes' card: the codes orders of the last 30 days used, most used
 * first, each with its orders, what it took off and those orders' revenue.
 */
export function DiscountCodesCard({ codes }: { codes: CodeUses }) {
  return (
    <Card role="region" aria-label="Discount codes used">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <TicketPercentIcon aria-hidden="true" className="size-5 text-muted-foreground" />
          Discount codes · last 30 days
        </CardTitle>
        <CardDescription>
          The codes orders used, most used first.{" "}
          <Link to="/merchant/discount-codes" className="underline underline-offset-4">
            Manage codes
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        {codes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No order used a discount code in the last 30 days.</p>
        ) : (
          <table className="w-full text-sm" data-testid="code-uses">
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col" className="pb-2 font-medium">
                  Code
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  Orders
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  Taken off
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {codes.map((c) => (
                <tr key={c.code} className="border-t">
                  <th scope="row" className="py-2 text-left font-mono font-medium">
                    {c.code}
                  </th>
                  <td className="py-2 text-right tabular-nums">{formatShopCount(c.orders)}</td>
                  <td className="py-2 text-right tabular-nums">{formatMoney(c.discount)}</td>
                  <td className="py-2 text-right tabular-nums">{formatMoney(c.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
