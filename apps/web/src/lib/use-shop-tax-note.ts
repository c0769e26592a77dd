import { ShopTaxDisplaySchema } from "@haggle/contract/taxes";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api-client";

/**
 * What the storefront writes beside a price where a shopper decides ("incl. VAT", "+ tax"), or
 * null: the shop's choice, read once and kept (it changes only when the merchant saves taxes).
 */
export function useShopTaxNote(): string | null {
  const display = useQuery({
    queryKey: ["shop", "taxes"],
    queryFn: ({ signal }) => apiFetch("/api/shop/taxes", { schema: ShopTaxDisplaySchema, signal }),
    staleTime: 5 * 60_000,
  });
  return display.data?.priceNote ?? null;
}
