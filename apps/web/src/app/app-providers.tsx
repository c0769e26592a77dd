import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "sonner";
import { CartProvider } from "@/features/cart/components/cart-provider";
import { createQueryClient } from "./query-client";

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <CartProvider>
        {children}
        {/* Below the sticky header (4rem), so toasts never cover the cart badge or account menu. */}
        <Toaster
          richColors
          closeButton
          position="top-right"
          offset={{ top: 76 }}
          mobileOffset={{ top: 72 }}
        />
      </CartProvider>
    </QueryClientProvider>
  );
}
