import { LocalCartLines } from "@/features/cart/components/local-cart-lines";
import { ComingSoon } from "../layout/coming-soon";

export function CartScreen() {
  return (
    <ComingSoon title="Shopping Cart">
      <div className="w-full text-foreground">
        <LocalCartLines />
      </div>
    </ComingSoon>
  );
}
