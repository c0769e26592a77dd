import { useNavigate } from "react-router";
import { useSession } from "@/features/auth/api/use-session";
import { CartView } from "@/features/cart/components/cart-view";

export function CartScreen() {
  const navigate = useNavigate();
  const { me } = useSession();
  return (
    <div className="flex flex-col gap-6">
      <title>Shopping Cart · Haggle</title>
      <h1 className="text-3xl font-bold tracking-tight">Shopping Cart</h1>
      {/* Checkout asks where to ship and how to pay: its own page. */}
      <CartView onCheckout={() => navigate("/checkout")} negotiable={me?.negotiation !== false} />
    </div>
  );
}
