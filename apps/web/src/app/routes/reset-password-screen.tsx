import { useSearchParams } from "react-router";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";

/** /reset-password?token=…: where the reset e-mail's link lands. */
export function ResetPasswordScreen() {
  const [searchParams] = useSearchParams();
  return (
    <div className="flex justify-center py-4 sm:py-10">
      <title>Reset password · Haggle</title>
      <h1 className="sr-only">Reset password</h1>
      <ResetPasswordForm token={searchParams.get("token") || null} />
    </div>
  );
}
