import { DashboardView } from "@/features/merchant/components/dashboard/dashboard-view";

export function MerchantDashboardScreen() {
  return (
    <>
      <title>Merchant Dashboard · Haggle</title>
      <DashboardView />
    </>
  );
}
