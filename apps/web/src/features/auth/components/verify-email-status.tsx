import { CircleCheckIcon, LoaderCircleIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ApiRequestError } from "@/lib/api-client";
import { signInPath } from "@/lib/safe-redirect";
import { useVerifyEmail } from "../api/use-account-mail";
import { accountErrorMessage, FormAlert } from "./account-form-parts";

const NO_TOKEN =
  "This verification link is incomplete. Please open the link from the e-mail again, or ask for a new one on your account page.";

/**
 * The page the verification link lands on: it verifies once on arrival and says how it went.
 * An admin address must be verified from its own account, so that refusal offers sign-in and
 * comes back here afterwards.
 */
export function VerifyEmailStatus({ token, signedIn }: { token: string | null; signedIn: boolean }) {
  const verify = useVerifyEmail();
  const started = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  const needsSignIn =
    verify.error instanceof ApiRequestError && verify.error.code === "SIGN_IN_TO_VERIFY" && !signedIn;

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">Verify your e-mail</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!token && <FormAlert>{NO_TOKEN}</FormAlert>}
        {token && (verify.isPending || verify.isIdle) && (
          <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            Verifying your e-mail…
          </p>
        )}
        {verify.isSuccess && (
          <>
            <p
              role="status"
              className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm"
              data-testid="email-verified"
            >
              <CircleCheckIcon className="size-4 shrink-0 text-green-700" aria-hidden="true" />
              Your e-mail address is verified. Thank you!
            </p>
            <Button asChild>
              <Link to="/">Continue Shopping</Link>
            </Button>
          </>
        )}
        {verify.isError && (
          <>
            <FormAlert>{accountErrorMessage(verify.error)}</FormAlert>
            {needsSignIn && token ? (
              <Button asChild>
                <Link to={signInPath(`/verify-email?token=${encodeURIComponent(token)}`)}>Sign in</Link>
              </Button>
            ) : (
              <Button asChild variant="outline">
                <Link to={signedIn ? "/account" : "/auth"}>
                  {signedIn ? "Go to your account" : "Sign in"}
                </Link>
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
