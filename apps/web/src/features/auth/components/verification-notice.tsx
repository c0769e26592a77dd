import { LoaderCircleIcon, MailWarningIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useResendVerification } from "../api/use-account-mail";
import { accountErrorMessage, FormAlert } from "./account-form-parts";

/** Shown to a signed-in account whose address is not verified yet, with a way to get a new link. */
export function VerificationNotice({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <section
      aria-labelledby="verification-notice-title"
      className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
      data-testid="verification-notice"
    >
      <h2 id="verification-notice-title" className="flex items-center gap-2 font-semibold">
        <MailWarningIcon className="size-4 shrink-0" aria-hidden="true" />
        Your e-mail address is not verified
      </h2>
      <p>
        {`We sent a link to ${email} when you signed up. Open it to confirm the address is yours. You can keep shopping meanwhile; an address the shop lists as its administrator gets its admin rights only once verified.`}
      </p>
      {resend.isSuccess ? (
        <p role="status">{`We sent a new verification link to ${email}. It works for 24 hours.`}</p>
      ) : (
        <div>
          <Button
            type="button"
            variant="outline"
            className="bg-background"
            disabled={resend.isPending}
            onClick={() => resend.mutate(email)}
          >
            {resend.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            Resend verification e-mail
          </Button>
        </div>
      )}
      {resend.isError && <FormAlert>{accountErrorMessage(resend.error)}</FormAlert>}
    </section>
  );
}
