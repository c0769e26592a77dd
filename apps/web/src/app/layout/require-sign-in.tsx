import { Navigate, Outlet, useLocation } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/use-session";
import { signInPath } from "@/lib/safe-redirect";

interface RequireSignInProps {
  /** Also require this role; signed-in shoppers without it go home. */
  requiredRole?: "merchant";
}

/** Guards its child routes: anonymous visitors go to /auth?redirect=<where they were>. */
export function RequireSignIn({ requiredRole }: RequireSignInProps) {
  const { user, isMerchant, isPending } = useSession();
  const location = useLocation();

  if (isPending) return <Spinner aria-label="Checking your session" className="py-24" />;
  if (!user) return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  if (requiredRole === "merchant" && !isMerchant) return <Navigate to="/" replace />;
  return <Outlet />;
}
