import { StrictMode, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { browserHistory, HistoryRouter } from "@/lib/navigation";
import { adoptShopCurrency } from "@/lib/shop-currency";
import { setSiteOrigin } from "@/lib/site-origin";
import { AppProviders } from "./app/app-providers";
import { createQueryClient } from "./app/query-client";
import { AppRoutes, preloadScreens } from "./app/router";
import { readSsrPayload } from "./app/ssr-payload";
import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// First: every amount the page reads (the server's payload included) is in the shop's currency.
adoptShopCurrency(document);
const payload = readSsrPayload(document);
const queryClient = createQueryClient();
const history = browserHistory();

/**
 * Marks the page as taken over by React (`<html data-interactive>`): before it, a server-rendered
 * page shows but does not yet answer clicks and typing. The browser tests wait for it after each
 * page load, as a person waits for a page to finish loading.
 */
function MarkInteractive() {
  useEffect(() => {
    document.documentElement.dataset.interactive = "true";
  }, []);
  return null;
}

function app() {
  return (
    <StrictMode>
      <MarkInteractive />
      <AppProviders client={queryClient}>
        <HistoryRouter history={history}>
          <AppRoutes />
        </HistoryRouter>
      </AppProviders>
    </StrictMode>
  );
}

if (payload) {
  // The server rendered this page (home, a catalogue view, a product page, not found): the
  // browser takes over its HTML with the data it was rendered from, once the page's screen is
  // loaded, so that nothing suspends while hydrating.
  setSiteOrigin(payload.origin);
  for (const { queryKey, data } of payload.queries) queryClient.setQueryData(queryKey, data);
  void preloadScreens(window.location.pathname).finally(() => {
    hydrateRoot(root, app(), {
      onRecoverableError: (error) => console.error("Hydration:", error),
    });
  });
} else {
  createRoot(root).render(app());
}
