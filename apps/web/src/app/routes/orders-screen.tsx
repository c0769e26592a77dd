import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ComingSoon } from "../layout/coming-soon";

export function OrdersScreen() {
  return (
    <ComingSoon title="Order History">
      <p>Your order history is not available yet.</p>
      <Button asChild>
        <Link to="/">Start Shopping</Link>
      </Button>
    </ComingSoon>
  );
}
