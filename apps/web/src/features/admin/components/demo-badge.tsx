import { Badge } from "@/components/ui/badge";
import { useShopMode } from "../api/use-shop-mode";

/** The header's 'Demo shop' badge: in demo mode anyone signed in may use /admin. */
export function DemoBadge() {
  const demoMode = useShopMode();
  if (!demoMode) return null;
  return (
    <Badge
      variant="brand"
      title="Demo mode: anyone signed in may use the admin panel and take the merchant role."
      className="shrink-0"
    >
      Demo shop
    </Badge>
  );
}
