import { HandCoinsIcon, ShoppingCartIcon } from "lucide-react";
import { Link } from "react-router";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/error-message";
import { useCart } from "../hooks/use-cart";
import { CartLineItem } from "./cart-line-item";
import { CartSummaryCard } from "./cart-summary-card";
import { DiscountCodeEntry } from "./discount-code-entry";

interface CartViewProps {
  /** Goes on to checkout (its own page, joined in by the app). */
  onCheckout: () => void;
  /** False while the merchant's holdout experiment holds this shopper out: no negotiate button. */
  negotiable?: boolean;
}

function showChangeError(error: unknown) {
  toast.error(errorMessage(error, "Your cart could not be updated. Please try again."));
}

/** The signed-in shopper's cart: lines, the server's order summary, negotiate and checkout. */
export function CartView({ onCheckout, negotiable = true }: CartViewProps) {
  const { serverCart, isLoading, isError, reload, isLinePending, setQuantity, removeFromCart } = useCart();

  if (isLoading) return <Spinner aria-label="Loading your cart" className="py-24" />;

  if (isError || !serverCart) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg font-medium">Your cart could not be loaded.</p>
        <Button onClick={reload}>Try again</Button>
      </div>
    );
  }

  if (serverCart.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <ShoppingCartIcon className="size-12 text-muted-foreground" aria-hidden="true" />
        <p className="text-lg font-medium">Your cart is empty</p>
        <Button asChild>
          <Link to="/">Continue Shopping</Link>
        </Button>
      </div>
    );
  }

  const anyPending = serverCart.items.some((item) => isLinePending(item.variantId));

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      {serverCart.discountNotice && (
        // Ava's applied discount lapsed (a price changed, or it expired): the figures are today's.
        <Notice className="lg:col-span-2" data-testid="cart-discount-notice">
          {serverCart.discountNotice}
        </Notice>
      )}
      <section aria-labelledby="cart-items-heading" className="flex min-w-0 flex-col gap-3">
        <h2 id="cart-items-heading" className="sr-only">
          Cart items
        </h2>
        <ul className="flex flex-col gap-3">
          {serverCart.items.map((item) => (
            <CartLineItem
              key={item.id}
              item={item}
              busy={isLinePending(item.variantId)}
              onQuantityChange={(quantity) => setQuantity(item.variantId, quantity).catch(showChangeError)}
              onRemove={() => removeFromCart(item.variantId).catch(showChangeError)}
            />
          ))}
        </ul>
      </section>
      <CartSummaryCard
        summary={serverCart.summary}
        updating={anyPending}
        discountCode={serverCart.discountCode}
        extra={<DiscountCodeEntry code={serverCart.discountCode} />}
      >
        <Button
          size="lg"
          // Checkout waits for a quantity change still on its way, so the order matches the figures shown.
          onClick={() => {
            if (!anyPending) onCheckout();
          }}
          aria-disabled={anyPending || undefined}
        >
          Proceed to Checkout
        </Button>
        {negotiable ? (
          <Button asChild size="lg" variant="brand">
            <Link to="/cart/negotiate">
              <HandCoinsIcon aria-hidden="true" />
              Negotiate with Ava
            </Link>
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link to="/">Continue Shopping</Link>
        </Button>
      </CartSummaryCard>
    </div>
  );
}
