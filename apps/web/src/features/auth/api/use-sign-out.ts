import type { AccessEnded } from "@haggle/contract/account";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
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
  return useSignOutRequest(() => apiFetch("/api/auth/sign-out", { method: "POST", body: {} }));
}

/**
 * 'Sign out everywhere': every session of the account ends, and its API keys are revoked; the
 * server's sentence saying so is shown as the page moves to /auth.
 */
export function useSignOutEverywhere() {
  return useSignOutRequest(() =>
    apiFetch("/api/auth/revoke-sessions", {
      method: "POST",
      body: {},
      // By loader: the header's sign-out is on every first page, and zod must not be.
      schema: () => import("@haggle/contract/account").then((m) => m.AccessEndedSchema),
    }),
  );
}

function useSignOutRequest(request: () => Promise<AccessEnded | unknown>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: request,
    // From the request on: the session may be read again (and found signed out) before it answers.
    onMutate: () => {
      signingOut = true;
    },
    onSuccess: async (answer) => {
      const ended = answer as Partial<AccessEnded> | null;
      if (typeof ended?.message === "string")
        toast.success("Signed out everywhere", { description: ended.message });
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
