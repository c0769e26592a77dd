import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/toast";
import { apiFetch } from "@/lib/api-client";
import { sessionQueryKey } from "./use-session";

/** The failed attempt's toast: the greeting of the next, successful one takes it away. */
export const AUTH_ERROR_TOAST_ID = "auth-error";

export type AuthRequest =
  | { mode: "sign-in"; email: string; password: string }
  | { mode: "sign-up"; email: string; password: string; name: string };

/**
 * Signs in or up (the server sets the session cookie), greets the shopper and reloads the
 * session. The greeting lives here, not in the form, because the form unmounts as soon as the
 * session shows a user (the auth screen then redirects).
 */
export function useAuthenticate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: AuthRequest) => {
      const body =
        request.mode === "sign-up"
          ? { email: request.email, password: request.password, name: request.name }
          : { email: request.email, password: request.password };
      await apiFetch(`/api/auth/${request.mode}/email`, { method: "POST", body });
    },
    onSuccess: async (_data, request) => {
      toast.dismiss(AUTH_ERROR_TOAST_ID);
      toast.success(request.mode === "sign-up" ? "Account created!" : "Welcome back!");
      await queryClient.refetchQueries({ queryKey: sessionQueryKey });
    },
  });
}
