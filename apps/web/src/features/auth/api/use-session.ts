import type { Me } from "@haggle/contract/account";
import { useQuery } from "@tanstack/react-query";
import { noteAccount } from "@/lib/account-data";
import { ApiRequestError, apiFetch } from "@/lib/api-client";

export const sessionQueryKey = ["session"] as const;

/** GET /api/me; `{user: null}` (or a 401 from an older server) means "signed out". */
export async function fetchSession(): Promise<Me | null> {
  try {
    const answer = await apiFetch("/api/me", {
      schema: () => import("@haggle/contract/account").then((m) => m.MeAnswerSchema),
    });
    // Before the answer shows: another account's data kept in the browser goes first.
    noteAccount(answer.user?.id ?? null);
    return answer.user === null ? null : (answer as Me);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      noteAccount(null);
      return null;
    }
    throw error;
  }
}

export interface Session {
  /** The signed-in shopper's account, profile and roles; null when signed out. */
  me: Me | null;
  user: Me["user"] | null;
  isMerchant: boolean;
  /** May use /admin: the shop's administrators (anyone signed in, in demo mode). */
  isAdmin: boolean;
  /** True until the first answer (or failure) arrives. */
  isPending: boolean;
}

export function useSession(): Session {
  const query = useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchSession,
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
  // If the session cannot be checked (server down), the visitor is treated as signed out.
  const me = query.data ?? null;
  return {
    me,
    user: me?.user ?? null,
    isMerchant: me?.roles.includes("merchant") ?? false,
    isAdmin: me?.roles.includes("admin") ?? false,
    isPending: query.isPending,
  };
}
