import { ShopCurrencySchema } from "@haggle/contract/merchant";
import { shopCurrencyRefusal } from "@haggle/domain/markets/currency";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { apiFetch } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { ConfigSectionCard } from "./config-section-card";

const currencyKey = ["shop", "currency"] as const;

/** Every currency the shop can sell in (0 or 2 decimals), "JPY · Japanese Yen", by code. */
function currencyOptions(): { code: string; label: string }[] {
  const names = new Intl.DisplayNames(["en"], { type: "currency" });
  return Intl.supportedValuesOf("currency")
    .filter((code) => shopCurrencyRefusal(code) === null)
    .map((code) => ({ code, label: `${code} · ${names.of(code) ?? code}` }));
}

/**
 * The settings' 'Currency' card: the shop's currency (ISO 4217), in which every price and total
 * is. The server refuses a change once the shop has orders; its sentence shows under the card.
 */
export function ConfigCurrencyCard() {
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: currencyKey,
    queryFn: ({ signal }) => apiFetch("/api/shop/currency", { schema: ShopCurrencySchema, signal }),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const value = chosen ?? saved.data?.currency ?? "USD";
  const mutation = useMutation({
    mutationFn: (currency: string) =>
      apiFetch("/api/merchant/currency", { method: "PUT", body: { currency }, schema: ShopCurrencySchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(currencyKey, answer);
      setChosen(null);
      // Amounts on this page were read in the old currency: a fresh page reads them in the new one.
      toast.success("Currency saved. Reload the page to see prices in it.");
    },
  });
  return (
    <ConfigSectionCard
      title="Currency"
      description="Every price, total, e-mail and agent answer is in the shop's currency. It can't change once the shop has orders."
      savedAt={undefined}
      neverSaved={null}
      dirty={value !== (saved.data?.currency ?? "USD")}
      pending={mutation.isPending}
      serverError={mutation.isError ? errorMessage(mutation.error, "The currency could not be saved.") : null}
      onSave={() => mutation.mutate(value)}
    >
      <div className="flex max-w-sm flex-col gap-2">
        <Label htmlFor="shop-currency">Shop currency</Label>
        <NativeSelect id="shop-currency" value={value} onChange={(event) => setChosen(event.target.value)}>
          {currencyOptions().map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </ConfigSectionCard>
  );
}
