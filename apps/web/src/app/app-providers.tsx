import { type QueryClient, QueryClientProvider } from "@/lib/query/react-query";
import { type ReactNode, useState } from "react";
import { useSession } from "@/features/auth/api/use-session";
import { CartProvider } from "@/features/cart/components/cart-provider";
import { LazyToaster } from "./lazy-toaster";
import { createQueryClient } from "./query-client";

/** The cart follows the session: local for visitors, the server's once signed in (the features meet here). */
function SessionCartProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return <CartProvider userId={user?.id ?? null}>{children}</CartProvider>;
}

/** `client`: a query cache already filled (the server's render, the page it hydrates); else a new one. */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <SessionCartProvider>
        {children}
        <LazyToaster />
      </SessionCartProvider>
    </QueryClientProvider>
  );
}
