import { useSearchParams } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/use-session";
import { VerifyEmailStatus } from "@/features/auth/components/verify-email-status";

/** /verify-email?token=…: where the verification e-mail's link lands. */
export function VerifyEmailScreen() {
  const [searchParams] = useSearchParams();
  const { user, isPending } = useSession();
  // The session first: an admin address is verified only from its own signed-in account.
  if (isPending) return <Spinner aria-label="Checking your session" className="py-24" />;
  return (
    <div className="flex justify-center py-4 sm:py-10">
      <title>Verify e-mail · Haggle</title>
      <h1 className="sr-only">Verify e-mail</h1>
      <VerifyEmailStatus token={searchParams.get("token") || null} signedIn={user !== null} />
    </div>
  );
}
