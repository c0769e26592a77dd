import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { apiFetch } from "@/lib/api-client";
import { sessionQueryKey } from "./use-session";

/**
 * Header sign-out: the tab becomes a fresh anonymous visit and the shopper lands on /auth.
 * The session is set to "signed out" in the cache rather than dropped: `queryClient.clear()`
 * removes queries without telling their observers, so the header and the cart kept the old
 * shopper (and sent 401 requests) until a reload.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiFetch("/api/auth/sign-out", { method: "POST", body: {} }),
    onSuccess: async () => {
      const notSession = {
        predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== sessionQueryKey[0],
      };
      await queryClient.cancelQueries(notSession);
      // To /auth first: a protected page that hears "signed out" before the move would send the
      // shopper to /auth?redirect=<that page> instead.
      navigate("/auth");
      queryClient.setQueryData(sessionQueryKey, null);
      // The old shopper's answers (cart, orders, negotiations) must not show to whoever comes next.
      queryClient.removeQueries(notSession);
      queryClient.getMutationCache().clear();
    },
    onError: () => {
      toast.error("Error", { description: "Failed to sign out" });
    },
  });
}
