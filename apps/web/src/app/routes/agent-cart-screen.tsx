import { useSearchParams } from "react-router";
import { useSession } from "@/features/auth/api/use-session";
import { AgentCartClaim } from "@/features/cart/components/agent-cart-claim";

/** /agent-cart?token=: the checkout link of a cart an agent filled without an account (sign-in comes first). */
export function AgentCartScreen() {
  const [searchParams] = useSearchParams();
  const { user } = useSession();
  if (!user) return null;
  return (
    <>
      <title>Your agent's cart · Haggle</title>
      <AgentCartClaim token={searchParams.get("token")} userId={user.id} />
    </>
  );
}
