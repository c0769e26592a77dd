import type { ShopMode } from "@haggle/contract/admin";
import { useQuery } from "@tanstack/react-query";
import { type AnswerParser, apiFetch } from "@/lib/api-client";

export const shopModeQueryKey = ["shop-mode"] as const;

/**
 * The contract's ShopModeSchema (`{demoMode: boolean}`) as a plain check: every page's header asks
 * for the shop mode, and zod is no part of a first page (see SchemaSource in lib/api-client).
 * use-shop-mode.test.ts holds it to the schema.
 */
export const shopModeParser: AnswerParser<ShopMode> = {
  safeParse(data) {
    if (typeof data === "object" && data !== null && "demoMode" in data && typeof data.demoMode === "boolean")
      return { success: true, data: { demoMode: data.demoMode } };
    return { success: false, error: new TypeError("demoMode: expected a boolean") };
  },
};

/** GET /api/shop-mode: public; demo mode puts the 'Demo shop' badge in the header. */
export function fetchShopMode(): Promise<ShopMode> {
  return apiFetch("/api/shop-mode", { schema: shopModeParser });
}

/** Whether the shop runs in demo mode; false until known. */
export function useShopMode(): boolean {
  const query = useQuery({ queryKey: shopModeQueryKey, queryFn: fetchShopMode, staleTime: 5 * 60_000 });
  return query.data?.demoMode ?? false;
}
