import { formatShopDate } from "@haggle/domain/markets/shop-formats";

/** "January 5, 2025" as the shop writes dates (its locale: "5. Januar 2025" in de-DE), in the visitor's time zone. */
export function formatOrderDate(iso: string): string {
  return formatShopDate(iso, "long");
}
