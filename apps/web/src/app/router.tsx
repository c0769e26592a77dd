import { lazy } from "react";
import { matchRoutes, type RouteObject, useRoutes } from "react-router";
import { RouteErrorBoundary } from "@/lib/navigation";
import { lazyScreen } from "./lazy-screen";
import { AppLayout } from "./layout/app-layout";
import { RequireSignIn } from "./layout/require-sign-in";
import { RouteError } from "./layout/route-error";

// One chunk per screen: the home page never downloads the auth, admin or merchant code.
// The screens the server renders (home, product pages, not found) can be loaded ahead of rendering.
const HomeScreen = lazyScreen(
  () => import("./routes/home-screen"),
  (m) => m.HomeScreen,
);
const ProductScreen = lazyScreen(
  () => import("./routes/product-screen"),
  (m) => m.ProductScreen,
);
const PolicyScreen = lazyScreen(
  () => import("./routes/policy-screen"),
  (m) => m.PolicyScreen,
);
const MerchantPoliciesScreen = lazy(() =>
  import("./routes/merchant-policies-screen").then((m) => ({ default: m.MerchantPoliciesScreen })),
);
const MerchantDiscountCodesScreen = lazy(() =>
  import("./routes/merchant-discount-codes-screen").then((m) => ({ default: m.MerchantDiscountCodesScreen })),
);
const MerchantShippingScreen = lazy(() =>
  import("./routes/merchant-shipping-screen").then((m) => ({ default: m.MerchantShippingScreen })),
);
const MerchantTaxesScreen = lazy(() =>
  import("./routes/merchant-taxes-screen").then((m) => ({ default: m.MerchantTaxesScreen })),
);
const AuthScreen = lazy(() => import("./routes/auth-screen").then((m) => ({ default: m.AuthScreen })));
const ForgotPasswordScreen = lazy(() =>
  import("./routes/forgot-password-screen").then((m) => ({ default: m.ForgotPasswordScreen })),
);
const ResetPasswordScreen = lazy(() =>
  import("./routes/reset-password-screen").then((m) => ({ default: m.ResetPasswordScreen })),
);
const VerifyEmailScreen = lazy(() =>
  import("./routes/verify-email-screen").then((m) => ({ default: m.VerifyEmailScreen })),
);
const AccountScreen = lazy(() =>
  import("./routes/account-screen").then((m) => ({ default: m.AccountScreen })),
);
const OAuthConsentScreen = lazy(() =>
  import("./routes/oauth-consent-screen").then((m) => ({ default: m.OAuthConsentScreen })),
);
const AgentCartScreen = lazy(() =>
  import("./routes/agent-cart-screen").then((m) => ({ default: m.AgentCartScreen })),
);
const CartScreen = lazy(() => import("./routes/cart-screen").then((m) => ({ default: m.CartScreen })));
const CheckoutScreen = lazy(() =>
  import("./routes/checkout-screen").then((m) => ({ default: m.CheckoutScreen })),
);
const NegotiateScreen = lazy(() =>
  import("./routes/negotiate-screen").then((m) => ({ default: m.NegotiateScreen })),
);
const OrdersScreen = lazy(() => import("./routes/orders-screen").then((m) => ({ default: m.OrdersScreen })));
const OrderPlacedScreen = lazy(() =>
  import("./routes/order-placed-screen").then((m) => ({ default: m.OrderPlacedScreen })),
);
const MerchantAgentActivityScreen = lazy(() =>
  import("./routes/merchant-agent-activity-screen").then((m) => ({ default: m.MerchantAgentActivityScreen })),
);
const AdminScreen = lazy(() => import("./routes/admin-screen").then((m) => ({ default: m.AdminScreen })));
const MerchantScreen = lazy(() =>
  import("./routes/merchant-screen").then((m) => ({ default: m.MerchantScreen })),
);
const MerchantDashboardScreen = lazy(() =>
  import("./routes/merchant-dashboard-screen").then((m) => ({ default: m.MerchantDashboardScreen })),
);
const MerchantProductsScreen = lazy(() =>
  import("./routes/merchant-products-screen").then((m) => ({ default: m.MerchantProductsScreen })),
);
const MerchantProductVariantsScreen = lazy(() =>
  import("./routes/merchant-product-variants-screen").then((m) => ({
    default: m.MerchantProductVariantsScreen,
  })),
);
const MerchantImportScreen = lazy(() =>
  import("./routes/merchant-import-screen").then((m) => ({ default: m.MerchantImportScreen })),
);
const MerchantOrdersScreen = lazy(() =>
  import("./routes/merchant-orders-screen").then((m) => ({ default: m.MerchantOrdersScreen })),
);
const MerchantApprovalsScreen = lazy(() =>
  import("./routes/merchant-approvals-screen").then((m) => ({ default: m.MerchantApprovalsScreen })),
);
const MerchantNegotiationConfigScreen = lazy(() =>
  import("./routes/merchant-negotiation-config-screen").then((m) => ({
    default: m.MerchantNegotiationConfigScreen,
  })),
);
const MerchantEscalationRulesScreen = lazy(() =>
  import("./routes/merchant-escalation-rules-screen").then((m) => ({
    default: m.MerchantEscalationRulesScreen,
  })),
);
const MerchantUpsellsScreen = lazy(() =>
  import("./routes/merchant-upsells-screen").then((m) => ({ default: m.MerchantUpsellsScreen })),
);
const MerchantCrossSellsScreen = lazy(() =>
  import("./routes/merchant-cross-sells-screen").then((m) => ({ default: m.MerchantCrossSellsScreen })),
);
const MerchantOutboxScreen = lazy(() =>
  import("./routes/merchant-outbox-screen").then((m) => ({ default: m.MerchantOutboxScreen })),
);
const NotFoundScreen = lazyScreen(
  () => import("./routes/not-found-screen"),
  (m) => m.NotFoundScreen,
);

/** A route's screen to load before rendering it (server) or hydrating it (browser). */
interface RouteHandle {
  preload?: () => Promise<unknown>;
}

/** The route table; exported so tests can drive it with a memory router. */
export const appRoutes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary fallback={<RouteError />}>
        <AppLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <HomeScreen />, handle: { preload: HomeScreen.preload } },
      { path: "products/:slug", element: <ProductScreen />, handle: { preload: ProductScreen.preload } },
      { path: "policies/:kind", element: <PolicyScreen />, handle: { preload: PolicyScreen.preload } },
      { path: "auth", element: <AuthScreen /> },
      { path: "forgot-password", element: <ForgotPasswordScreen /> },
      { path: "reset-password", element: <ResetPasswordScreen /> },
      { path: "verify-email", element: <VerifyEmailScreen /> },
      {
        element: <RequireSignIn />,
        children: [
          { path: "cart", element: <CartScreen /> },
          { path: "agent-cart", element: <AgentCartScreen /> },
          { path: "cart/negotiate", element: <NegotiateScreen /> },
          { path: "checkout", element: <CheckoutScreen /> },
          { path: "orders", element: <OrdersScreen /> },
          { path: "account", element: <AccountScreen /> },
          { path: "oauth/consent", element: <OAuthConsentScreen /> },
          { path: "order-placed", element: <OrderPlacedScreen /> },
          { path: "admin", element: <AdminScreen /> },
        ],
      },
      {
        path: "merchant",
        element: <RequireSignIn requiredRole="merchant" />,
        children: [
          {
            // Unknown /merchant/... paths match no child here and fall through to the 404 below.
            element: <MerchantScreen />,
            children: [
              { index: true, element: <MerchantDashboardScreen /> },
              { path: "products", element: <MerchantProductsScreen /> },
              { path: "products/:id/variants", element: <MerchantProductVariantsScreen /> },
              { path: "import", element: <MerchantImportScreen /> },
              { path: "orders", element: <MerchantOrdersScreen /> },
              { path: "approvals", element: <MerchantApprovalsScreen /> },
              { path: "negotiation-config", element: <MerchantNegotiationConfigScreen /> },
              { path: "escalation-rules", element: <MerchantEscalationRulesScreen /> },
              { path: "upsells", element: <MerchantUpsellsScreen /> },
              { path: "cross-sells", element: <MerchantCrossSellsScreen /> },
              { path: "outbox", element: <MerchantOutboxScreen /> },
              { path: "policies", element: <MerchantPoliciesScreen /> },
              { path: "discount-codes", element: <MerchantDiscountCodesScreen /> },
              { path: "taxes", element: <MerchantTaxesScreen /> },
              { path: "shipping", element: <MerchantShippingScreen /> },
              { path: "agent-activity", element: <MerchantAgentActivityScreen /> },
            ],
          },
        ],
      },
      { path: "*", element: <NotFoundScreen />, handle: { preload: NotFoundScreen.preload } },
    ],
  },
];

/** Loads the screens of the routes a path matches that can be loaded ahead (see lazyScreen). */
export async function preloadScreens(pathname: string): Promise<void> {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  await Promise.all(matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload?.()));
}

/** Whether the page at a path is one whose screen can be loaded ahead: these the server renders. */
export function rendersScreen(pathname: string): boolean {
  const deepest = matchRoutes(appRoutes, pathname)?.at(-1);
  return (deepest?.route.handle as RouteHandle | undefined)?.preload !== undefined;
}

/** The app's pages at the router's location (inside a HistoryRouter, or the server's StaticRouter). */
export function AppRoutes() {
  return useRoutes(appRoutes);
}
