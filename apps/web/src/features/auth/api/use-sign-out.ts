import { AccessEndedSchema } from "@haggle/contract/account";
import { useMutation, useQueryClient } from "@/lib/query/react-query";
import { useNavigate } from "@/lib/router/router";
import { toast } from "@/lib/toast";
import { noteAccount } from "@/lib/account-data";
import { apiFetch } from "@/lib/api-client";
import { sessionQueryKey } from "./use-session";

/**
 * Header sign-out: the tab becomes a fresh anonymous visit and the shopper lands on /auth.
 * The session is set to "signed out" in the cache rather than dropped: `queryClient.clear()`
 * removes queries without telling their observers, so the header and the cart kept the old
 * shopper (and sent 401 requests) until a reload.
 */
let signingOut = false;

/** True from a sign-out's request until the auth screen shows the visitor signed out. */
export function isSigningOut(): boolean {
  return signingOut;
}

/** The auth screen shows a signed-out visitor: any sign-out has arrived. */
export function signOutArrived(): void {
  signingOut = false;
}

export function useSignOut() {
  return useSignOutRequest("/api/auth/sign-out");
}

/**
 * 'Sign out everywhere': every session of the account ends, and its API keys are revoked; the
 * server's sentence saying so is shown as the page moves to /auth.
 */
export function useSignOutEverywhere() {
  return useSignOutRequest("/api/auth/revoke-sessions");
}

function useSignOutRequest(path: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiFetch(path, { method: "POST", body: {} }),
    // From the request on: the session may be read again (and found signed out) before it answers.
    onMutate: () => {
      signingOut = true;
    },
    onSuccess: async (answer) => {
      const ended = AccessEndedSchema.safeParse(answer);
      if (ended.success) toast.success("Signed out everywhere", { description: ended.data.message });
      const notSession = {
        predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== sessionQueryKey[0],
      };
      await queryClient.cancelQueries(notSession);
      // `signingOut` stays set until the auth screen shows signed out (React renders after this
      // returns): a protected page that hears "signed out" meanwhile waits for this move instead
      // of sending the shopper to /auth?redirect=<that page>.
      // What the browser kept for the account (the assistant's conversation) goes too, in every tab.
      noteAccount(null);
      queryClient.setQueryData(sessionQueryKey, null);
      // The old shopper's answers (cart, orders, negotiations) must not show to whoever comes next.
      queryClient.removeQueries(notSession);
      queryClient.getMutationCache().clear();
      navigate("/auth");
    },
    onError: () => {
      signingOut = false;
      toast.error("Error", { description: "Failed to sign out" });
    },
  });
}
