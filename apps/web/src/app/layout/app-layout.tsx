import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { AssistantLauncher } from "@/features/assistant/components/assistant-launcher";
import { useSession } from "@/features/auth/api/use-session";
import { useAddToCartWithToast } from "@/features/cart/hooks/use-add-to-cart-with-toast";
import { PolicyLinks } from "@/features/policies/components/policy-links";
import { SiteHeader } from "./site-header";

function isUnder(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`);
}

export function AppLayout() {
  const { pathname } = useLocation();
  // The merchant runs the shop there rather than shopping: the floating assistant would only cover
  // tables. On the cart and negotiation pages it would cover the checkout buttons, and Ava already
  // talks there as the negotiator. Checkout is the same: its button and fields stay uncovered.
  const showAssistant =
    !isUnder(pathname, "/merchant") && !isUnder(pathname, "/cart") && !isUnder(pathname, "/checkout");
  // The assistant's carousel adds to the same cart as the catalogue (the features meet here).
  const onAssistantAddToCart = useAddToCartWithToast();
  // A new account gets a new assistant: the old one's conversation must not stay on screen.
  const { user } = useSession();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-7xl flex-1 px-3 py-6 outline-none sm:px-6 sm:py-8"
      >
        <Suspense fallback={<Spinner aria-label="Loading page" className="py-24" />}>
          <Outlet />
        </Suspense>
      </main>
      {/* Below the fold from the start (main fills the screen under the header), so it never
          jumps down as a page's data arrives. Bottom padding: the floating assistant button
          never hides the end of the page. */}
      <footer className="border-t pt-6 pb-24 text-center text-xs text-muted-foreground sm:pb-6">
        <PolicyLinks />
        Haggle — an open-source shop. Prices are yours to negotiate.
      </footer>
      {showAssistant && <AssistantLauncher key={user?.id ?? "visitor"} onAddToCart={onAssistantAddToCart} />}
    </div>
  );
}
