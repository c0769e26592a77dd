import { useQueryClient } from "@tanstack/react-query";
import { AdminPanel } from "@/features/admin/components/admin-panel";
import { sessionQueryKey } from "@/features/auth/api/use-session";

export function AdminScreen() {
  const queryClient = useQueryClient();
  return (
    <>
      <title>Admin Panel · Haggle</title>
      {/* The header's merchant link follows the session, which now carries the new role. */}
      <AdminPanel
        onMerchantAssigned={() => void queryClient.invalidateQueries({ queryKey: sessionQueryKey })}
      />
    </>
  );
}
