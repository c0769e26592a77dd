import { Suspense } from "react";
import { Outlet } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/use-session";
import { SidebarLayout } from "@/features/merchant/components/sidebar/sidebar-layout";
import { useMerchantEvents } from "@/features/merchant/hooks/use-merchant-events";

/** /merchant/*: the sidebar around every merchant page; new approvals are announced on all of them. */
export function MerchantScreen() {
  useMerchantEvents();
  const { isAdmin } = useSession();
  return (
    <SidebarLayout isAdmin={isAdmin}>
      <Suspense fallback={<Spinner aria-label="Loading page" className="py-24" />}>
        <Outlet />
      </Suspense>
    </SidebarLayout>
  );
}
