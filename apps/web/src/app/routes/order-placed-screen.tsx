import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ComingSoon } from "../layout/coming-soon";

export function OrderPlacedScreen() {
  return (
    <ComingSoon title="Order Confirmation">
      <p>There is no recent order to show.</p>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/">Continue Shopping</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/orders">View Order History</Link>
        </Button>
      </div>
    </ComingSoon>
  );
}
