import type { Cart } from "@haggle/contract/cart";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { cartQueryKey, claimAgentCart, serverCartQueryKey } from "../api/cart-api";

interface AgentCartClaimProps {
  /** The link's token; null when the address carries none. */
  token: string | null;
  userId: string;
}

const NO_TOKEN = "This link carries no cart. Ask the agent for its checkout link again.";

/**
 * The checkout link an agent hands its shopper: signed in (the route asks first), the agent's
 * cart joins the shopper's and the checkout opens with it. Once per link: a reload answers the
 * same cart without adding it twice.
 */
export function AgentCartClaim({ token, userId }: AgentCartClaimProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);
  const [failure, setFailure] = useState<string | null>(token ? null : NO_TOKEN);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    claimAgentCart(token).then(
      (cart: Cart) => {
        queryClient.setQueryData(serverCartQueryKey(userId), cart);
        void queryClient.invalidateQueries({ queryKey: cartQueryKey });
        for (const notice of cart.notices ?? []) toast.warning(notice);
        navigate("/checkout", { replace: true });
      },
      (error: unknown) =>
        setFailure(
          errorMessage(error, "The agent's cart could not be opened. Please try again in a moment."),
        ),
    );
  }, [token, userId, queryClient, navigate]);

  if (!failure) return <Spinner aria-label="Moving your agent's cart into your cart" className="py-24" />;
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-xl font-semibold">Your agent's cart</h1>
      <p role="alert" className="text-muted-foreground">
        {failure}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/cart">Go to your cart</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Browse the shop</Link>
        </Button>
      </div>
    </div>
  );
}
