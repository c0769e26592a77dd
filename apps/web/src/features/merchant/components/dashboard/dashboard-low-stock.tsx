import { lowStockLine, lowStockMore } from "@haggle/domain/catalog/low-stock";
import type { MerchantDashboard } from "@haggle/contract/merchant";
import { PackageOpenIcon } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

type LowStock = MerchantDashboard["lowStock"];

/**
 * The dashboard's 'Low stock' card: each variant with few units left, named as a shopper reads
 * it ("Trail Tee — M / Black: 2 left"), linked to its product's variants where the stock is set.
 */
export function LowStockCard({ lowStock }: { lowStock: LowStock }) {
  const more = lowStockMore(lowStock.total, lowStock.variants.length, lowStock.countedUpTo);
  return (
    <Card role="region" aria-label="Low stock">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <PackageOpenIcon aria-hidden="true" className="size-5 text-muted-foreground" />
          Low stock
        </CardTitle>
        <CardDescription>{`Variants with ${lowStock.atMost} units or fewer, sold out first.`}</CardDescription>
      </CardHeader>
      <CardContent>
        {lowStock.variants.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Every variant has more than {lowStock.atMost} units.
          </p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm" data-testid="low-stock">
            {lowStock.variants.map((v) => (
              <li key={v.variantId}>
                <Link
                  to={`/merchant/products/${v.productId}/variants`}
                  className="underline-offset-4 hover:underline"
                >
                  {lowStockLine(v.productName, v.optionValues, v.stockLevel)}
                </Link>
              </li>
            ))}
            {more && <li className="text-muted-foreground">{more}</li>}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
