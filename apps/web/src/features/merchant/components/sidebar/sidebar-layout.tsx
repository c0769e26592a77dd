import { MenuIcon, PanelLeftCloseIcon, PanelLeftOpenIcon } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "@/components/ui/sheet";
import { TooltipProvider } from "@/components/ui/tooltip";
import { cn } from "@/lib/cn";
import { useMediaQuery } from "@/lib/use-media-query";
import { useMerchantStats } from "../../api/dashboard-queries";
import { useSidebarShortcut, useSidebarState } from "../../hooks/use-sidebar-state";
import { SidebarNav, sidebarPageLabel } from "./sidebar-nav";

/** Spec §9: below 768px the sidebar becomes a sheet. */
export const MOBILE_QUERY = "(max-width: 767px)";

/**
 * The merchant area's frame: a sidebar that collapses to icons (button or Ctrl/Cmd+B,
 * remembered in a cookie) beside the page; on a phone the same links open in a sheet.
 */
export function SidebarLayout({ children, isAdmin = false }: { children: ReactNode; isAdmin?: boolean }) {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const { expanded, toggle } = useSidebarState();
  const [sheetOpen, setSheetOpen] = useState(false);
  const { pathname } = useLocation();
  const stats = useMerchantStats();
  const pendingApprovals = stats.data?.pendingApprovals ?? 0;
  const navId = useId();

  useSidebarShortcut(() => (isMobile ? setSheetOpen((open) => !open) : toggle()));

  // A followed link closes the sheet, and so does any other navigation (back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => setSheetOpen(false), [pathname]);

  if (isMobile) {
    const pageLabel = sidebarPageLabel(pathname);
    return (
      <TooltipProvider delayDuration={200}>
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-3 border-b pb-3">
            <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
              <SheetTrigger asChild>
                <Button variant="outline" size="sm" className="h-9">
                  <MenuIcon aria-hidden="true" />
                  Merchant menu
                  {pendingApprovals > 0 && (
                    <span className="flex h-5 min-w-5 items-center justify-center rounded-full bg-amber-500 px-1.5 text-xs font-bold text-white">
                      <span aria-hidden="true">{pendingApprovals > 99 ? "99+" : pendingApprovals}</span>
                      <span className="sr-only">{`, ${pendingApprovals} pending approvals`}</span>
                    </span>
                  )}
                </Button>
              </SheetTrigger>
              <SheetContent>
                <SheetHeader>
                  <SheetTitle>Merchant area</SheetTitle>
                  <SheetDescription>Run the shop and the negotiator.</SheetDescription>
                </SheetHeader>
                <SidebarNav
                  expanded
                  pendingApprovals={pendingApprovals}
                  showAdmin={isAdmin}
                  onNavigate={() => setSheetOpen(false)}
                />
              </SheetContent>
            </Sheet>
            {pageLabel && <span className="truncate text-sm text-muted-foreground">{pageLabel}</span>}
          </div>
          <div className="min-w-0">{children}</div>
        </div>
      </TooltipProvider>
    );
  }

  return (
    <TooltipProvider delayDuration={200}>
      <div className="flex items-start gap-6">
        <aside
          data-testid="merchant-sidebar"
          data-state={expanded ? "expanded" : "collapsed"}
          className={cn(
            "sticky top-20 flex shrink-0 flex-col gap-3 rounded-xl border bg-card p-2 shadow-sm motion-safe:transition-[width] motion-safe:duration-200",
            expanded ? "w-56" : "w-14",
          )}
        >
          <div className={cn("flex items-center", expanded ? "justify-between pl-2.5" : "justify-center")}>
            {expanded && <span className="text-sm font-semibold">Merchant</span>}
            <Button
              variant="ghost"
              size="icon"
              aria-label="Toggle sidebar"
              aria-expanded={expanded}
              aria-controls={navId}
              title={`${expanded ? "Collapse" : "Expand"} the sidebar (Ctrl+B)`}
              onClick={toggle}
            >
              {expanded ? (
                <PanelLeftCloseIcon aria-hidden="true" />
              ) : (
                <PanelLeftOpenIcon aria-hidden="true" />
              )}
            </Button>
          </div>
          <SidebarNav
            id={navId}
            expanded={expanded}
            pendingApprovals={pendingApprovals}
            showAdmin={isAdmin}
          />
        </aside>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </TooltipProvider>
  );
}
