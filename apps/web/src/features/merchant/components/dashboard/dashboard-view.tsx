import { formatMoney } from "@haggle/domain/pricing/money";
import type { MerchantDashboard, MerchantStats } from "@haggle/contract/merchant";
import {
  ArrowRightIcon,
  BadgeDollarSignIcon,
  HandshakeIcon,
  type LucideIcon,
  PackageIcon,
  UserCheckIcon,
} from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { useMerchantDashboard, useMerchantStats } from "../../api/dashboard-queries";
import { AgentNegotiationsCard } from "./dashboard-agents";
import { DashboardChart } from "./dashboard-chart";
import { DiscountCodesCard } from "./dashboard-codes";
import { LowStockCard } from "./dashboard-low-stock";
import { ExperimentCard } from "./dashboard-experiment";
import { EmbeddingProgressNote } from "../import/embedding-progress";
import { formatShopCount, formatShopPercent } from "@haggle/domain/markets/shop-formats";

const count = { format: formatShopCount };
const percent = { format: (ratio: number) => formatShopPercent(ratio, 1) };

interface StatCardProps {
  title: string;
  value: string;
  icon: LucideIcon;
  testId: string;
  highlighted?: boolean;
  children?: ReactNode;
}

function StatCard({ title, value, icon: Icon, testId, highlighted = false, children }: StatCardProps) {
  const titleId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      data-testid={`${testId}-card`}
      data-highlighted={highlighted ? "true" : undefined}
      className={cn(highlighted && "border-amber-400 bg-amber-50 dark:bg-amber-950/40")}
    >
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <CardTitle id={titleId} className="text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
        <Icon
          aria-hidden="true"
          className={cn("size-5 shrink-0 text-muted-foreground", highlighted && "text-amber-600")}
        />
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <p className="text-3xl font-bold tracking-tight tabular-nums" data-testid={testId}>
          {value}
        </p>
        {children}
      </CardContent>
    </Card>
  );
}

function StatCards({ stats }: { stats: MerchantStats }) {
  const pending = stats.pendingApprovals;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        title="Total Products"
        value={count.format(stats.totalProducts)}
        icon={PackageIcon}
        testId="total-products"
      />
      <StatCard
        title="Active Negotiations"
        value={count.format(stats.activeNegotiations)}
        icon={HandshakeIcon}
        testId="active-negotiations"
      />
      <StatCard
        title="Pending Approvals"
        value={count.format(pending)}
        icon={UserCheckIcon}
        testId="pending-approvals"
        highlighted={pending > 0}
      >
        {pending > 0 ? (
          <Link
            to="/merchant/approvals"
            className="flex w-fit items-center gap-1 rounded-sm text-sm font-medium text-amber-800 underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring dark:text-amber-300"
          >
            {pending === 1 ? "Review the request" : `Review ${pending} requests`}
            <ArrowRightIcon aria-hidden="true" className="size-4" />
          </Link>
        ) : (
          <p className="text-sm text-muted-foreground">Nothing waits for you.</p>
        )}
      </StatCard>
      <StatCard
        title="Total Revenue"
        value={formatMoney(stats.totalRevenue)}
        icon={BadgeDollarSignIcon}
        testId="total-revenue"
      />
    </div>
  );
}

function NegotiatorFigures({ negotiator }: { negotiator: MerchantDashboard["negotiator"] }) {
  const figures: [string, string, string][] = [
    ["Deal rate", percent.format(negotiator.dealRate), "deal-rate"],
    ["Average discount", percent.format(negotiator.averageDiscountPct / 100), "average-discount"],
    ["Total negotiated discount", formatMoney(negotiator.totalDiscount), "total-discount"],
    ["Negotiations", count.format(negotiator.negotiations), "negotiations"],
    ["Deals", count.format(negotiator.deals), "deals"],
    ["Escalations", count.format(negotiator.escalations), "escalations"],
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
      {figures.map(([label, value, testId]) => (
        <div key={label} className="flex flex-col justify-between gap-1">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-xl font-semibold tabular-nums" data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border p-6">
      <p className="font-medium">{`The ${what} could not be loaded.`}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

const WINDOW_DAYS = 30;

/** /merchant: the four counts, then revenue and discount over 30 days and how the negotiator does. */
export function DashboardView() {
  const stats = useMerchantStats();
  const dashboard = useMerchantDashboard(WINDOW_DAYS);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Merchant Dashboard</h1>
        <p className="text-muted-foreground">How the shop and Ava, your negotiator, are doing.</p>
      </div>
      <EmbeddingProgressNote />

      {stats.isPending ? (
        <Spinner aria-label="Loading the shop's figures" className="py-12" />
      ) : stats.isError ? (
        <LoadError what="shop's figures" onRetry={() => void stats.refetch()} />
      ) : (
        <StatCards stats={stats.data} />
      )}

      {dashboard.isPending ? (
        <Spinner aria-label="Loading the last 30 days" className="py-12" />
      ) : dashboard.isError ? (
        <LoadError what="last 30 days" onRetry={() => void dashboard.refetch()} />
      ) : (
        <>
          <Card>
            <CardContent className="pt-6">
              <DashboardChart days={dashboard.data.days} />
            </CardContent>
          </Card>
          <Card role="region" aria-label="Negotiator">
            <CardHeader>
              <CardTitle className="text-lg">Negotiator · last 30 days</CardTitle>
              <CardDescription>
                Negotiations in which the shopper said something, how many ended in a deal, and what they
                cost.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <NegotiatorFigures negotiator={dashboard.data.negotiator} />
            </CardContent>
          </Card>
          <AgentNegotiationsCard channels={dashboard.data.channels} />
          <DiscountCodesCard codes={dashboard.data.discountCodes} />
          <LowStockCard lowStock={dashboard.data.lowStock} />
        </>
      )}
      <ExperimentCard />
    </div>
  );
}
