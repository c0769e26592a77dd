import { Navigate, Outlet, useLocation } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/use-session";
import { isSigningOut } from "@/features/auth/api/use-sign-out";
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
  // Signed out on this page: the sign-out itself goes to /auth (no redirect back here).
  if (!user && isSigningOut()) return null;
  if (!user) return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  if (requiredRole === "merchant" && !isMerchant) return <Navigate to="/" replace />;
  return <Outlet />;
}
