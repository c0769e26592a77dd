import { ArrowLeftIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { useCart } from "@/features/cart/hooks/use-cart";
import { ComingSoon } from "../layout/coming-soon";

export function NegotiateScreen() {
  const { itemCount } = useCart();
  return (
    <ComingSoon title="Negotiate with Ava">
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to="/cart">
          <ArrowLeftIcon aria-hidden="true" />
          Back to cart
        </Link>
      </Button>
      {itemCount === 0 ? (
        <>
          <p className="text-lg font-medium text-foreground">Your cart is empty</p>
          <Button asChild>
            <Link to="/">Continue Shopping</Link>
          </Button>
        </>
      ) : (
        <p>Negotiating your cart with Ava is not available yet.</p>
      )}
    </ComingSoon>
  );
}
