import { ResetPasswordSchema } from "@haggle/contract/account";
import { LoaderCircleIcon } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useResetPassword } from "../api/use-account-mail";
import { AccountField, accountErrorMessage, FormAlert } from "./account-form-parts";

const MISMATCH = "The two passwords do not match.";
const NO_TOKEN = "This password reset link is incomplete. Please open the link from the e-mail again.";

type Errors = { newPassword?: string | undefined; confirm?: string | undefined };

/** The page the reset link lands on: a new password, typed twice, set with the link's token. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const form = useResetPasswordForm(token);
  const { reset } = form;

  const signInLink = (
    <Button asChild variant="link" className="h-auto p-0">
      <Link to="/auth">Sign in</Link>
    </Button>
  );

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">Choose a new password</CardTitle>
        <CardDescription>
          Your new password signs you out everywhere else and revokes your API keys.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {!token ? (
          <IncompleteLink />
        ) : reset.isSuccess ? (
          <PasswordChanged answer={reset.data} />
        ) : (
          <NewPasswordFields form={form} />
        )}
        {!reset.isSuccess && <p className="text-center text-sm">Remembered it? {signInLink}</p>}
      </CardContent>
    </Card>
  );
}

/** The two passwords, their errors, and the submit that checks them and sets the new one. */
function useResetPasswordForm(token: string | null) {
  const id = useId();
  const reset = useResetPassword();
  const [newPassword, setNewPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const inputs = useRef<Record<keyof Errors, HTMLInputElement | null>>({ newPassword: null, confirm: null });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending || !token) return;
    const parsed = ResetPasswordSchema.safeParse({ token, newPassword });
    const found: Errors = {
      newPassword: parsed.success
        ? undefined
        : parsed.error.issues.find((i) => i.path[0] === "newPassword")?.message,
      confirm: confirm === newPassword ? undefined : MISMATCH,
    };
    setErrors(found);
    const first = (["newPassword", "confirm"] as const).find((name) => found[name]);
    if (first || !parsed.success) {
      if (first) inputs.current[first]?.focus();
      return;
    }
    reset.mutate(parsed.data);
  }

  return { id, reset, newPassword, setNewPassword, confirm, setConfirm, errors, setErrors, inputs, onSubmit };
}

/** A link without its token: nothing to set, ask for a new link. */
function IncompleteLink() {
  return (
    <>
      <FormAlert>{NO_TOKEN}</FormAlert>
      <Button asChild variant="outline">
        <Link to="/forgot-password">Ask for a new link</Link>
      </Button>
    </>
  );
}

/** The password was changed: the server's sentence and the way to sign in. */
function PasswordChanged({ answer }: { answer: string | null | undefined }) {
  return (
    <>
      <p role="status" className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="password-reset-done">
        {answer ?? "Your password has been changed."} Sign in with your new password.
      </p>
      <Button asChild>
        <Link to="/auth">Sign in</Link>
      </Button>
    </>
  );
}

function NewPasswordFields({ form }: { form: ReturnType<typeof useResetPasswordForm> }) {
  const { id, reset, setErrors, inputs } = form;
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-4" aria-busy={reset.isPending}>
      <AccountField
        id={`${id}-new`}
        label="New password"
        type="password"
        autoComplete="new-password"
        value={form.newPassword}
        onChange={(value) => {
          form.setNewPassword(value);
          setErrors((e) => ({ ...e, newPassword: undefined }));
        }}
        error={form.errors.newPassword}
        hint="Must be at least 6 characters"
        inputRef={(element) => {
          inputs.current.newPassword = element;
        }}
      />
      <AccountField
        id={`${id}-confirm`}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={form.confirm}
        onChange={(value) => {
          form.setConfirm(value);
          setErrors((e) => ({ ...e, confirm: undefined }));
        }}
        error={form.errors.confirm}
        inputRef={(element) => {
          inputs.current.confirm = element;
        }}
      />
      {reset.isError && (
        <FormAlert>
          {accountErrorMessage(reset.error)}{" "}
          <Link to="/forgot-password" className="font-medium underline underline-offset-4">
            Ask for a new link
          </Link>
        </FormAlert>
      )}
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
        Set new password
      </Button>
    </form>
  );
}
