import { useQueryClient } from "@tanstack/react-query";
import type { CheckoutBodyInput, CheckoutPayment } from "@haggle/contract/orders";
import { ShoppingCartIcon } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
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

/** What /order-placed receives besides ?orderId= (orderId, cartId, discountForDisplay). */
interface OrderPlacedState {
  orderId: string;
  cartId: string | null;
  discountForDisplay: number;
}

const CHECKOUT_FAILED = "Something went wrong during checkout";

/** Stripe's Payment Element, fetched only when an order is to be paid by card (never in a shop without Stripe). */
const CardPayment = lazy(() => import("@/features/checkout/components/card-payment"));

/** An order placed and waiting to be paid in the page. */
interface AwaitingPayment {
  orderId: string;
  number: string;
  total: number;
  payment: CheckoutPayment;
  state: OrderPlacedState;
}

function orderPlacedPath(orderId: string) {
  return `/order-placed?orderId=${encodeURIComponent(orderId)}`;
}

/** /checkout: where both checkout buttons lead (the cart's and the negotiation's). */
export function CheckoutScreen() {
  const placement = useOrderPlacement();
  const { me } = useSession();
  const { serverCart, isLoading, isError, reload } = useCart();
  const addresses = useAddresses();
  const options = useCheckoutOptions();

  const header = (
    <>
      <title>Checkout · Haggle</title>
      <h1 className="text-3xl font-bold tracking-tight">Checkout</h1>
    </>
  );

  // The order stands (its cart is converted): what is left is paying it, whatever the cart says now.
  if (placement.awaiting) return <PayByCard header={header} awaiting={placement.awaiting} />;

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
      <CheckoutLoadFailed
        header={header}
        onRetry={() => {
          reload();
          void addresses.refetch();
          void options.refetch();
        }}
      />
    );
  }
  if (serverCart.items.length === 0) return <EmptyCheckout header={header} />;

  const cartId = serverCart.id;
  return (
    <div className="flex flex-col gap-6">
      {header}
      <CheckoutView
        cart={serverCart}
        email={me?.user.email ?? ""}
        addresses={addresses.data}
        options={options.data}
        placing={placement.isPending}
        error={placement.error}
        onPlaceOrder={(body) => placement.placeOrder(cartId, body)}
      />
    </div>
  );
}

/**
 * Placing the order: on success to the confirmation page, or first to the card payment when the
 * order is paid by card; on failure the server's sentence, as the screen the shopper came from words it.
 */
function useOrderPlacement() {
  const navigate = useNavigate();
  // Coming from the negotiation, failures read as that screen words them (spec: 'Failed to process checkout').
  const fromNegotiation = (useLocation().state as { from?: string } | null)?.from === "negotiation";
  const queryClient = useQueryClient();
  const { checkout, isPending } = useCheckout();
  const [error, setError] = useState<string | null>(null);
  const [awaiting, setAwaiting] = useState<AwaitingPayment | null>(null);

  const placeOrder = (cartId: string, body: CheckoutBodyInput) => {
    setError(null);
    checkout(body, {
      onSuccess: (order) => {
        queryClient.setQueryData(orderQueryKey(order.id), order);
        const state: OrderPlacedState = {
          orderId: order.id,
          cartId,
          discountForDisplay: order.discountApplied,
        };
        if (order.payment) {
          // Paid by card: the Payment Element comes next, then the confirmation page.
          setAwaiting({
            orderId: order.id,
            number: order.number,
            total: order.total,
            payment: order.payment,
            state,
          });
        } else {
          // The id is in the URL too, so the confirmation survives a reload.
          navigate(orderPlacedPath(order.id), { state, replace: true });
        }
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
  };

  return { placeOrder, isPending, error, awaiting };
}

/** The placed order's card payment; confirmed or failed, on to the order's page. */
function PayByCard({ header, awaiting }: { header: ReactNode; awaiting: AwaitingPayment }) {
  const navigate = useNavigate();
  const toOrder = (failure: string | null) =>
    navigate(orderPlacedPath(awaiting.orderId), {
      state: { ...awaiting.state, paymentFailure: failure },
      replace: true,
    });
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      {header}
      <Card>
        <CardHeader>
          <CardTitle>Pay by card</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="text-sm text-muted-foreground">
            Order <span className="font-mono font-semibold text-foreground">{awaiting.number}</span> is placed
            and its items are set aside for you. Pay now to confirm it.
          </p>
          <Suspense fallback={<Spinner aria-label="Loading the card form" className="py-12" />}>
            <CardPayment
              payment={awaiting.payment}
              total={awaiting.total}
              returnUrl={new URL(orderPlacedPath(awaiting.orderId), window.location.origin).toString()}
              onConfirmed={() => toOrder(null)}
              onFailed={(message) => {
                toast.error(message);
                toOrder(message);
              }}
            />
          </Suspense>
        </CardContent>
      </Card>
    </div>
  );
}

function CheckoutLoadFailed({ header, onRetry }: { header: ReactNode; onRetry: () => void }) {
  return (
    <div className="flex flex-col gap-6">
      {header}
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg font-medium">Checkout could not be loaded.</p>
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </div>
  );
}

function EmptyCheckout({ header }: { header: ReactNode }) {
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
