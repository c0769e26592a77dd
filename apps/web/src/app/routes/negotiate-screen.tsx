import type { Cart } from "@haggle/contract/cart";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeftIcon, ShoppingCartIcon } from "lucide-react";
import { useCallback } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/use-session";
import { cartQueryKey, serverCartQueryKey } from "@/features/cart/api/cart-api";
import { useCart } from "@/features/cart/hooks/use-cart";
import { NegotiationWorkspace } from "@/features/negotiation/components/negotiation-workspace";

function NegotiateBody() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { me } = useSession();
  const userId = me?.user.id ?? null;
  const { serverCart, isLoading, isError, reload } = useCart();

  const onCartApplied = useCallback(
    (cart: Cart) => {
      if (userId !== null) queryClient.setQueryData(serverCartQueryKey(userId), cart);
    },
    [queryClient, userId],
  );
  const onCartStale = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: cartQueryKey });
  }, [queryClient]);

  // The negotiated offer travels with the cart: checkout reads the same cart.
  const onCheckout = () => navigate("/checkout", { state: { from: "negotiation" } });

  if (isLoading) return <Spinner aria-label="Loading your cart" className="py-24" />;
  if (isError || !serverCart) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg font-medium">Your cart could not be loaded.</p>
        <Button onClick={reload}>Try again</Button>
      </div>
    );
  }
  if (me?.negotiation === false) {
    // Held out by the merchant's holdout experiment: the server refuses a negotiation too.
    return (
      <div role="status" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg font-medium">Negotiation is not offered on your account right now.</p>
        <p className="max-w-prose text-muted-foreground">
          Your cart and checkout work as usual, at the shop's prices.
        </p>
        <Button asChild>
          <Link to="/cart">Back to your cart</Link>
        </Button>
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
  return (
    <NegotiationWorkspace
      cart={serverCart}
      profile={me?.profile ?? null}
      onCartApplied={onCartApplied}
      onCartStale={onCartStale}
      onCheckout={onCheckout}
    />
  );
}

export function NegotiateScreen() {
  return (
    <div className="flex flex-col gap-4 sm:gap-6">
      <title>Negotiate with Ava · Haggle</title>
      <header className="flex flex-col items-start gap-1">
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to="/cart">
            <ArrowLeftIcon aria-hidden="true" />
            Back to cart
          </Link>
        </Button>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Negotiate with Ava</h1>
      </header>
      <NegotiateBody />
    </div>
  );
}
