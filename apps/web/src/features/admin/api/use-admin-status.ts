import { useQuery } from "@tanstack/react-query";
import { ApiRequestError } from "@/lib/api-client";
import { adminStatusQueryKey, fetchAdminStatus } from "./admin-api";

export function useAdminStatus() {
  return useQuery({
    queryKey: adminStatusQueryKey,
    queryFn: fetchAdminStatus,
    // While products lack an embedding (an import's background job embeds them), the count is
    // asked again every few seconds so the progress moves.
    refetchInterval: (query) => ((query.state.data?.missingEmbeddings ?? 0) > 0 ? 3000 : false),
    // A 401 or 403 will not change by asking again.
    retry: (failureCount, error) =>
      !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failureCount < 2,
  });
}
