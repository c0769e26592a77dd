import {
  ClipboardListIcon,
  HandCoinsIcon,
  ShoppingCartIcon,
  StoreIcon,
} from "@/components/icons/first-page-icons";
import { lazy, Suspense } from "react";
import { NavLink, Link } from "react-router";
import { buttonVariants } from "@/components/ui/button";
import { DemoBadge } from "@/features/admin/components/demo-badge";
import { useSession } from "@/features/auth/api/use-session";
import { useCart } from "@/features/cart/hooks/use-cart";
import { cn } from "@/lib/cn";

// The menu (Radix's dropdown with its positioning engine) is for signed-in shoppers only.
const AccountMenu = lazy(() =>
  import("@/features/auth/components/account-menu").then((m) => ({ default: m.AccountMenu })),
);

export const TAGLINE = "Don't pay list price. Negotiate it with Ava.";

function navClass({ isActive }: { isActive: boolean }) {
  return cn(buttonVariants({ variant: "ghost", size: "sm" }), "h-9 px-2.5 md:px-3", isActive && "bg-accent");
}

/** The badge's text: the count, capped. */
function cartBadgeText(count: number): string {
  return count > 99 ? "99+" : String(count);
}

/**
 * "Cart, 2 items": it holds the link's visible words ("Cart", the badge) in their reading order,
 * so speech users can say what they see (WCAG 2.5.3).
 */
export function cartLinkLabel(count: number): string {
  if (count <= 0) return "Cart";
  return `Cart, ${cartBadgeText(count)} ${count === 1 ? "item" : "items"}`;
}

/** Brand with tagline, the main links (Orders and Cart double as icon buttons), sign-in or the account menu. */
export function SiteHeader() {
  const { user, isMerchant, isAdmin, isPending } = useSession();
  const { itemCount } = useCart();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-6">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-brand">
            <HandCoinsIcon className="size-5" aria-hidden="true" />
          </span>
          <span className="flex min-w-0 flex-col">
            <span className="text-lg leading-tight font-bold tracking-tight">Haggle</span>
            <span className="hidden truncate text-xs text-muted-foreground sm:block">{TAGLINE}</span>
          </span>
        </Link>
        <DemoBadge />

        <nav aria-label="Main" className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <NavLink to="/" end className={(state) => cn(navClass(state), "hidden md:inline-flex")}>
            Home
          </NavLink>
          {isMerchant && (
            <NavLink to="/merchant" className={navClass}>
              <StoreIcon className="size-5" aria-hidden="true" />
              <span className="sr-only md:not-sr-only">Merchant</span>
            </NavLink>
          )}
          <NavLink to="/orders" className={navClass}>
            <ClipboardListIcon className="size-5" aria-hidden="true" />
            <span className="sr-only md:not-sr-only">Orders</span>
          </NavLink>
          <NavLink to="/cart" end className={navClass} aria-label={cartLinkLabel(itemCount)}>
            {/* First in reading order (as in the name), shown after the icon. */}
            <span className={cn("order-last hidden md:inline", itemCount > 0 && "ml-1")}>Cart</span>{" "}
            <span className="relative">
              <ShoppingCartIcon className="size-5" aria-hidden="true" />
              {itemCount > 0 && (
                <span
                  data-testid="cart-count"
                  className="absolute -top-2 -right-2.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-brand px-1 text-[0.6875rem] leading-none font-bold text-brand-foreground"
                >
                  {cartBadgeText(itemCount)}
                </span>
              )}
            </span>
          </NavLink>
          {!isPending && !user && (
            <NavLink to="/auth" className={cn(buttonVariants({ size: "sm" }), "ml-1 h-9")}>
              Sign in
            </NavLink>
          )}
          {/* While the session is asked for, the room 'Sign in' takes: the links beside it do not move. */}
          {isPending && (
            <span className={cn(buttonVariants({ size: "sm" }), "invisible ml-1 h-9")} aria-hidden="true">
              Sign in
            </span>
          )}
        </nav>

        {user && (
          <Suspense fallback={<span className="size-9 shrink-0" aria-hidden="true" />}>
            <AccountMenu email={user.email} isAdmin={isAdmin} />
          </Suspense>
        )}
      </div>
    </header>
  );
}
