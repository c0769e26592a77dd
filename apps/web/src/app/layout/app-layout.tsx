import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { SiteHeader } from "./site-header";

export function AppLayout() {
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
        className="mx-auto w-full max-w-7xl flex-1 px-3 py-6 outline-none sm:px-6 sm:py-8"
      >
        <Suspense fallback={<Spinner aria-label="Loading page" className="py-24" />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t py-6 text-center text-xs text-muted-foreground">
        Haggle — an open-source shop. Prices are yours to negotiate.
      </footer>
      <ScrollRestoration />
    </div>
  );
}
