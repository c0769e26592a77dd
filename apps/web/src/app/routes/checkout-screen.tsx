import { useQueryClient } from "@tanstack/react-query";
import { ShoppingCartIcon } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { sessionQueryKey, useSession } from "@/features/auth/api/use-session";
import { cartQueryKey } from "@/features/cart/api/cart-api";
import { useCart } from "@/features/cart/hooks/use-cart";
import { useCheckout } from "@/features/checkout/api/use-checkout";
import {
  addressesQueryKey,
  useAddresses,
  useCheckoutOptions,
} from "@/features/checkout/api/use-checkout-data";
import { CheckoutView } from "@/features/checkout/components/checkout-view";
import { checkoutErrorMessage } from "@/features/negotiation/lib/negotiation-errors";
import { orderQueryKey, ordersQueryKey } from "@/features/orders/api/orders-api";
import { errorMessage } from "@/lib/error-message";

/** What /order-placed receives besides ?orderId= (spec §2: orderId, cartId, discountForDisplay). */
interface OrderPlacedState {
  orderId: string;
  cartId: string | null;
  discountForDisplay: number;
}

const CHECKOUT_FAILED = "Something went wrong during checkout";

/** /checkout: where both checkout buttons lead (the cart's and the negotiation's). */
export function CheckoutScreen() {
  const navigate = useNavigate();
  // Coming from the negotiation, failures read as that screen words them (spec: 'Failed to process checkout').
  const fromNegotiation = (useLocation().state as { from?: string } | null)?.from === "negotiation";
  const queryClient = useQueryClient();
  const { me } = useSession();
  const { serverCart, isLoading, isError, reload } = useCart();
  const addresses = useAddresses();
  const options = useCheckoutOptions();
  const { checkout, isPending } = useCheckout();
  const [error, setError] = useState<string | null>(null);

  const header = (
    <>
      <title>Checkout · Haggle</title>
      <h1 className="text-3xl font-bold tracking-tight">Checkout</h1>
    </>
  );

  if (isLoading || addresses.isPending || options.isPending) {
    return (
      <div className="flex flex-col gap-6">
        {header}
        <Spinner aria-label="Loading checkout" className="py-24" />
      </div>
    );
  }
  if (isError || !serverCart || addresses.isError || options.isError) {
    return (
      <div className="flex flex-col gap-6">
        {header}
        <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
          <p className="text-lg font-medium">Checkout could not be loaded.</p>
          <Button
            onClick={() => {
              reload();
              void addresses.refetch();
              void options.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      </div>
    );
  }
  if (serverCart.items.length === 0) {
    return (
      <div className="flex flex-col gap-6">
        {header}
        <div className="flex flex-col items-center gap-4 py-16 text-center">
          <ShoppingCartIcon className="size-12 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-medium">Your cart is empty</p>
          <Button asChild>
            <Link to="/">Continue Shopping</Link>
          </Button>
        </div>
      </div>
    );
  }

  const cartId = serverCart.id;
  return (
    <div className="flex flex-col gap-6">
      {header}
      <CheckoutView
        cart={serverCart}
        email={me?.user.email ?? ""}
        addresses={addresses.data}
        options={options.data}
        placing={isPending}
        error={error}
        onPlaceOrder={(body) => {
          setError(null);
          checkout(body, {
            onSuccess: (order) => {
              queryClient.setQueryData(orderQueryKey(order.id), order);
              const state: OrderPlacedState = {
                orderId: order.id,
                cartId,
                discountForDisplay: order.discountApplied,
              };
              // The id is in the URL too, so the confirmation survives a reload.
              navigate(`/order-placed?orderId=${encodeURIComponent(order.id)}`, { state, replace: true });
              // The cart is converted, the order list, the address book and the profile have changed.
              void queryClient.invalidateQueries({ queryKey: cartQueryKey });
              void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
              void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
              void queryClient.invalidateQueries({ queryKey: addressesQueryKey });
            },
            onError: (failure) => {
              const message = fromNegotiation
                ? checkoutErrorMessage(failure)
                : errorMessage(failure, CHECKOUT_FAILED);
              setError(message);
              toast.error(message);
              // Stock or prices may have moved (or Ava's discount lapsed): show the server's figures.
              void queryClient.invalidateQueries({ queryKey: cartQueryKey });
            },
          });
        }}
      />
    </div>
  );
}
