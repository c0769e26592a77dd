import { AccessEndedSchema } from "@haggle/contract/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api-client";
import { sessionQueryKey } from "./use-session";

/** 'Forgot password?': asks for a reset link (the answer is the same for any address). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (email: string) => {
      await apiFetch("/api/auth/request-password-reset", { method: "POST", body: { email } });
    },
  });
}

/**
 * Sets the new password with the token from the e-mailed link; answers the server's sentence on
 * what ended with it (every session, and the account's API keys), when it gave one.
 */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (request: { token: string; newPassword: string }): Promise<string | null> => {
      const answer = await apiFetch("/api/auth/reset-password", { method: "POST", body: request });
      const ended = AccessEndedSchema.safeParse(answer);
      return ended.success ? ended.data.message : null;
    },
  });
}

/** 'Resend verification e-mail' for the signed-in account's own address. */
export function useResendVerification() {
  return useMutation({
    mutationFn: async (email: string) => {
      await apiFetch("/api/auth/send-verification-email", { method: "POST", body: { email } });
    },
  });
}

/**
 * Verifies the address with the link's token, once (the verification page calls it on arrival),
 * then reloads the session: the notice goes, and an ADMIN_EMAILS account's admin role appears.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => {
      await apiFetch(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    },
    onSuccess: async () => {
      await queryClient.refetchQueries({ queryKey: sessionQueryKey });
    },
  });
}
