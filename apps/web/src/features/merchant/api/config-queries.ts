import type { ConfigType, MerchantConfig, SellerConfigDto } from "@haggle/contract/merchant";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { merchantQueryKey } from "../hooks/use-merchant-events";
import { configQueryKey, fetchMerchantConfig, saveConfigSection } from "./config-api";

export function useMerchantConfig() {
  return useQuery({ queryKey: configQueryKey, queryFn: ({ signal }) => fetchMerchantConfig(signal) });
}

/** One save of the settings page: one or more whole sections, PUT one after another. */
export type ConfigSectionUpdate = {
  [T in ConfigType]: { configType: T; section: SellerConfigDto[T] };
}[ConfigType];

/**
 * Saves sections in order and stops at the first failure; the error carries how many were
 * saved before it, so the page can say what did and did not change.
 */
export class PartialSaveError extends Error {
  readonly saved: ConfigType[];
  constructor(saved: ConfigType[], cause: unknown) {
    super(cause instanceof Error ? cause.message : "Failed to save configuration", { cause });
    this.name = "PartialSaveError";
    this.saved = saved;
  }
}

export function useSaveConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (updates: ConfigSectionUpdate[]): Promise<MerchantConfig> => {
      const saved: ConfigType[] = [];
      let latest: MerchantConfig | undefined;
      for (const update of updates) {
        try {
          // The union cannot be narrowed across two parameters; each update pairs them correctly.
          latest = await saveConfigSection(update.configType, update.section as never);
        } catch (error) {
          if (latest) queryClient.setQueryData(configQueryKey, latest);
          throw new PartialSaveError(saved, error);
        }
        saved.push(update.configType);
      }
      if (!latest) throw new Error("Nothing to save");
      return latest;
    },
    onSuccess: (config) => queryClient.setQueryData(configQueryKey, config),
    // The dashboard and other pages may show figures that depend on the settings.
    onSettled: () => queryClient.invalidateQueries({ queryKey: merchantQueryKey }),
  });
}
