import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminStatusQueryKey, assignMerchantRole, initializeEmbeddings, seedDatabase } from "./admin-api";

/** The three admin actions; each refreshes the status the panel shows once it has run. */
export function useAdminActions() {
  const queryClient = useQueryClient();
  const refreshStatus = () => queryClient.invalidateQueries({ queryKey: adminStatusQueryKey });
  const seed = useMutation({ mutationFn: seedDatabase, onSettled: refreshStatus });
  const assignMerchant = useMutation({ mutationFn: assignMerchantRole, onSettled: refreshStatus });
  const embed = useMutation({ mutationFn: initializeEmbeddings, onSettled: refreshStatus });
  return { seed, assignMerchant, embed };
}
