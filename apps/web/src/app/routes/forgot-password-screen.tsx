import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";

/** /forgot-password: 'Forgot password?' from the sign-in page. */
export function ForgotPasswordScreen() {
  return (
    <div className="flex justify-center py-4 sm:py-10">
      <title>Forgot password · Haggle</title>
      <h1 className="sr-only">Forgot password</h1>
      <ForgotPasswordForm />
    </div>
  );
}
