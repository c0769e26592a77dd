import { RequestPasswordResetSchema } from "@haggle/contract/account";
import { LoaderCircleIcon } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useRequestPasswordReset } from "../api/use-account-mail";
import { AccountField, accountErrorMessage, FormAlert } from "./account-form-parts";

/** 'Forgot password?': the address to send a reset link to; the answer never says whether it has an account. */
export function ForgotPasswordForm() {
  const id = useId();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending) return;
    const parsed = RequestPasswordResetSchema.safeParse({ email: email.trim() });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      emailInput.current?.focus();
      return;
    }
    setError(undefined);
    request.mutate(parsed.data.email, { onSuccess: () => setSentTo(parsed.data.email) });
  }

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">Forgot your password?</CardTitle>
        <CardDescription>
          Enter the e-mail address of your account and we will send you a link to choose a new password.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sentTo ? (
          <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="reset-requested">
            {`If an account uses ${sentTo}, we have sent it a link to reset the password. The link works for 1 hour. Check your inbox, and your spam folder too.`}
          </p>
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={request.isPending}>
            <AccountField
              id={`${id}-email`}
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(value) => {
                setEmail(value);
                setError(undefined);
              }}
              error={error}
              inputRef={(element) => {
                emailInput.current = element;
              }}
            />
            {request.isError && <FormAlert>{accountErrorMessage(request.error)}</FormAlert>}
            <Button type="submit" className="w-full" disabled={request.isPending}>
              {request.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              Send reset link
            </Button>
          </form>
        )}
        <p className="text-center text-sm">
          <Button asChild variant="link" className="h-auto p-0">
            <Link to="/auth">Back to sign in</Link>
          </Button>
        </p>
      </CardContent>
    </Card>
  );
}
