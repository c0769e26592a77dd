import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { onAccountChangedElsewhere } from "@/lib/account-data";
import { sessionQueryKey, useSession } from "@/features/auth/api/use-session";
import { CartProvider } from "@/features/cart/components/cart-provider";
import { LazyToaster } from "./lazy-toaster";
import { createQueryClient } from "./query-client";

/** The cart follows the session: local for visitors, the server's once signed in (the features meet here). */
function SessionCartProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return <CartProvider userId={user?.id ?? null}>{children}</CartProvider>;
}

/**
 * Another tab signed out or in as someone else: this tab drops the old account's answers and
 * asks who is signed in now (its kept data is already gone: lib/account-data).
 */
function useAccountChangesElsewhere(queryClient: QueryClient) {
  useEffect(
    () =>
      onAccountChangedElsewhere(() => {
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }),
    [queryClient],
  );
}

/** `client`: a query cache already filled (the server's render, the page it hydrates); else a new one. */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  useAccountChangesElsewhere(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionCartProvider>
        {children}
        <LazyToaster />
      </SessionCartProvider>
    </QueryClientProvider>
  );
}
