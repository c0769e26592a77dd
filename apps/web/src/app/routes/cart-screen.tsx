import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { sessionQueryKey } from "@/features/auth/api/use-session";
import { cartQueryKey } from "@/features/cart/api/cart-api";
import { CartView } from "@/features/cart/components/cart-view";
import { useCart } from "@/features/cart/hooks/use-cart";
import { useCheckout } from "@/features/checkout/api/use-checkout";
import { orderQueryKey, ordersQueryKey } from "@/features/orders/api/orders-api";
import { errorMessage } from "@/lib/error-message";

/** What /order-placed receives besides ?orderId= (spec §2: orderId, cartId, discountForDisplay). */
interface OrderPlacedState {
  orderId: string;
  cartId: string | null;
  discountForDisplay: number;
}

export function CartScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { serverCart } = useCart();
  const { checkout, isPending } = useCheckout();

  function onCheckout() {
    const cartId = serverCart?.id ?? null;
    checkout({
      onSuccess: (order) => {
        queryClient.setQueryData(orderQueryKey(order.id), order);
        const state: OrderPlacedState = {
          orderId: order.id,
          cartId,
          discountForDisplay: order.discountApplied,
        };
        // The id is in the URL too, so the confirmation survives a reload.
        navigate(`/order-placed?orderId=${encodeURIComponent(order.id)}`, { state });
        // The cart is converted (the server answers a new empty one), the order list and the
        // profile's order count and savings have changed.
        void queryClient.invalidateQueries({ queryKey: cartQueryKey });
        void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      },
      onError: (error) => {
        toast.error(errorMessage(error, "Something went wrong during checkout"));
        // Stock or prices may have moved: show the cart as the server now sees it.
        void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      },
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <title>Shopping Cart · Haggle</title>
      <h1 className="text-3xl font-bold tracking-tight">Shopping Cart</h1>
      <CartView onCheckout={onCheckout} isCheckingOut={isPending} />
    </div>
  );
}
