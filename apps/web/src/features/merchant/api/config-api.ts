import {
  CONFIG_SECTION_SCHEMAS,
  type ConfigType,
  type MerchantConfig,
  MerchantConfigSchema,
  type SellerConfigDto,
} from "@haggle/contract/merchant";
import { apiFetch } from "@/lib/api-client";
import { merchantQueryKey } from "../hooks/use-merchant-events";

export const configQueryKey = [...merchantQueryKey, "config"] as const;

/** GET /api/merchant/config: every settings section and when each was last saved. */
export function fetchMerchantConfig(signal?: AbortSignal): Promise<MerchantConfig> {
  return apiFetch("/api/merchant/config", { schema: MerchantConfigSchema, ...(signal ? { signal } : {}) });
}

/** PUT /api/merchant/config/:configType with the whole section; answers with all sections. */
export function saveConfigSection<T extends ConfigType>(
  configType: T,
  section: SellerConfigDto[T],
): Promise<MerchantConfig> {
  return apiFetch(`/api/merchant/config/${configType}`, {
    method: "PUT",
    body: CONFIG_SECTION_SCHEMAS[configType].parse(section),
    schema: MerchantConfigSchema,
  });
}
