import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api-client";

/**
 * The note in the shop's tax display (`ShopTaxDisplay.priceNote`): a string, or null for none.
 * Read by hand, not by the contract's schema: this runs on a product page's first visit, whose
 * scripts stay within their budget only without the schema library's extra chunk.
 */
function priceNoteOf(answer: unknown): string | null {
  const note = (answer as { priceNote?: unknown } | null)?.priceNote;
  return typeof note === "string" && note.trim() !== "" ? note : null;
}

/**
 * What the storefront writes beside a price where a shopper decides ("incl. VAT", "+ tax"), or
 * null: the shop's choice, read once and kept (it changes only when the merchant saves taxes).
 */
export function useShopTaxNote(): string | null {
  const display = useQuery({
    queryKey: ["shop", "taxes"],
    queryFn: async ({ signal }) => priceNoteOf(await apiFetch("/api/shop/taxes", { signal })),
    staleTime: 5 * 60_000,
  });
  return display.data ?? null;
}
