import {
  BotIcon,
  ClipboardListIcon,
  FileTextIcon,
  FileUpIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MailIcon,
  PackageIcon,
  PercentIcon,
  ShieldAlertIcon,
  ShieldIcon,
  ShuffleIcon,
  SlidersHorizontalIcon,
  StoreIcon,
  TicketPercentIcon,
  TrendingUpIcon,
  TruckIcon,
  UserCheckIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/cn";

interface SidebarLink {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  approvals?: boolean;
}

export const SIDEBAR_LINKS: readonly SidebarLink[] = [
  { to: "/merchant", label: "Dashboard", icon: LayoutDashboardIcon, end: true },
  { to: "/merchant/products", label: "Products", icon: PackageIcon },
  { to: "/merchant/import", label: "Import", icon: FileUpIcon },
  { to: "/merchant/orders", label: "Orders", icon: ClipboardListIcon },
  { to: "/merchant/discount-codes", label: "Discount codes", icon: TicketPercentIcon },
  { to: "/merchant/taxes", label: "Taxes", icon: PercentIcon },
  { to: "/merchant/shipping", label: "Shipping", icon: TruckIcon },
  { to: "/merchant/approvals", label: "Approvals", icon: UserCheckIcon, approvals: true },
  { to: "/merchant/negotiation-config", label: "Negotiation Config", icon: SlidersHorizontalIcon },
  { to: "/merchant/escalation-rules", label: "Escalation Rules", icon: ShieldAlertIcon },
  { to: "/merchant/upsells", label: "Upsells", icon: TrendingUpIcon },
  { to: "/merchant/cross-sells", label: "Cross-sells", icon: ShuffleIcon },
  { to: "/merchant/outbox", label: "Outbox", icon: MailIcon },
  { to: "/merchant/agent-activity", label: "Agent activity", icon: BotIcon },
  { to: "/merchant/policies", label: "Shop pages", icon: FileTextIcon },
];

/** The label of the merchant page at `pathname` (for the phone's bar), or null. */
export function sidebarPageLabel(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  return SIDEBAR_LINKS.find((link) => link.to === path)?.label ?? null;
}

const itemClass =
  "relative flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:shrink-0";

interface SidebarNavProps {
  /** Labels shown beside the icons; collapsed, the icons carry tooltips. */
  expanded: boolean;
  /** Pending approvals, shown as a badge on the Approvals link when above 0. */
  pendingApprovals: number;
  /** Called when a link is followed (the phone's sheet closes). */
  onNavigate?: () => void;
  /** The shop's administrators also get a link to /admin. */
  showAdmin?: boolean;
  id?: string;
}

function PendingBadge({ count, expanded }: { count: number; expanded: boolean }) {
  const text = count > 99 ? "99+" : String(count);
  if (!expanded) {
    return (
      <span
        data-testid="pending-approvals-badge"
        className="absolute top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-amber-500 px-1 text-[0.625rem] leading-none font-bold text-white"
      >
        <span aria-hidden="true">{text}</span>
        <span className="sr-only">{`, ${count} pending`}</span>
      </span>
    );
  }
  return (
    <span
      data-testid="pending-approvals-badge"
      className="ml-auto flex h-5 min-w-5 items-center justify-center rounded-full bg-amber-500 px-1.5 text-xs leading-none font-bold text-white"
    >
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{`, ${count} pending`}</span>
    </span>
  );
}

/** The merchant area's links; the current page has aria-current="page". */
export function SidebarNav({
  expanded,
  pendingApprovals,
  onNavigate,
  showAdmin = false,
  id,
}: SidebarNavProps) {
  const items = SIDEBAR_LINKS.map((link) => {
    const Icon = link.icon;
    const badge = link.approvals && pendingApprovals > 0 ? pendingApprovals : 0;
    const anchor = (
      <NavLink
        to={link.to}
        end={link.end ?? false}
        onClick={onNavigate}
        // A plain string (not NavLink's function form): the tooltip trigger merges class names as strings.
        className={cn(
          itemClass,
          "aria-[current=page]:bg-accent aria-[current=page]:font-semibold aria-[current=page]:text-foreground",
          !expanded && "justify-center px-0",
        )}
      >
        <Icon aria-hidden="true" />
        <span className={expanded ? "truncate" : "sr-only"}>{link.label}</span>
        {badge > 0 && <PendingBadge count={badge} expanded={expanded} />}
      </NavLink>
    );
    return (
      <li key={link.to}>
        {expanded ? (
          anchor
        ) : (
          <Tooltip>
            <TooltipTrigger asChild>{anchor}</TooltipTrigger>
            <TooltipContent side="right">{link.label}</TooltipContent>
          </Tooltip>
        )}
      </li>
    );
  });

  const shopLink = (
    <Link to="/" onClick={onNavigate} className={cn(itemClass, !expanded && "justify-center px-0")}>
      <StoreIcon aria-hidden="true" />
      <span className={expanded ? "truncate" : "sr-only"}>Back to the shop</span>
    </Link>
  );

  const adminLink = (
    <Link to="/admin" onClick={onNavigate} className={cn(itemClass, !expanded && "justify-center px-0")}>
      <ShieldIcon aria-hidden="true" />
      <span className={expanded ? "truncate" : "sr-only"}>Admin Panel</span>
    </Link>
  );
  const withTooltip = (anchor: ReactNode, label: string) =>
    expanded ? (
      anchor
    ) : (
      <Tooltip>
        <TooltipTrigger asChild>{anchor}</TooltipTrigger>
        <TooltipContent side="right">{label}</TooltipContent>
      </Tooltip>
    );

  return (
    <nav id={id} aria-label="Merchant" className="flex flex-col gap-4">
      <ul className="flex flex-col gap-1">{items}</ul>
      <div className="flex flex-col gap-1 border-t pt-3">
        {showAdmin && withTooltip(adminLink, "Admin Panel")}
        {withTooltip(shopLink, "Back to the shop")}
      </div>
    </nav>
  );
}
