import { useEffect } from "react";
import { Navigate, useSearchParams } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/use-session";
import { signOutArrived } from "@/features/auth/api/use-sign-out";
import { AuthForm } from "@/features/auth/components/auth-form";
import { safeRedirect } from "@/lib/safe-redirect";

/** /auth: signed-in visitors (including those who just signed in) go to ?redirect= or home. */
export function AuthScreen() {
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirect(searchParams.get("redirect"));
  const { user, isPending } = useSession();
  useEffect(() => {
    if (!isPending && !user) signOutArrived();
  }, [isPending, user]);

  if (isPending) return <Spinner aria-label="Checking your session" className="py-24" />;
  if (user) return <Navigate to={redirectTo} replace />;
  return (
    <div className="flex justify-center py-4 sm:py-10">
      <title>Sign in · Haggle</title>
      <AuthForm redirectTo={redirectTo} />
    </div>
  );
}
