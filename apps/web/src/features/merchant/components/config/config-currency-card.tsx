import { ShopCurrencySchema } from "@haggle/contract/merchant";
import { formatInCurrency, shopCurrencyRefusal } from "@haggle/domain/markets/currency";
import { DEFAULT_SHOP_LOCALE, SHOP_LOCALES } from "@haggle/domain/markets/locale";
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

/** The locales amounts can be written in, "de-DE · German (Germany) · 1.234,56 €" (an amount in `currency`). */
function localeOptions(currency: string): { tag: string; label: string }[] {
  const names = new Intl.DisplayNames(["en"], { type: "language" });
  return SHOP_LOCALES.map((tag) => ({
    tag,
    label: `${tag} · ${names.of(tag) ?? tag} · ${formatInCurrency(123456, currency, tag)}`,
  }));
}

/**
 * The settings' 'Currency' card: the shop's currency (ISO 4217), in which every price and total
 * is, and the locale amounts are written in. The server refuses a currency change once the shop
 * has orders; its sentence shows under the card.
 */
export function ConfigCurrencyCard() {
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: currencyKey,
    queryFn: ({ signal }) => apiFetch("/api/shop/currency", { schema: ShopCurrencySchema, signal }),
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [chosenLocale, setChosenLocale] = useState<string | null>(null);
  const value = chosen ?? saved.data?.currency ?? "USD";
  const savedLocale = saved.data?.locale ?? DEFAULT_SHOP_LOCALE;
  const locale = chosenLocale ?? savedLocale;
  const mutation = useMutation({
    mutationFn: (body: { currency: string; locale: string }) =>
      apiFetch("/api/merchant/currency", { method: "PUT", body, schema: ShopCurrencySchema }),
    onSuccess: (answer) => {
      queryClient.setQueryData(currencyKey, answer);
      setChosen(null);
      setChosenLocale(null);
      // Amounts on this page were read in the old currency: a fresh page reads them in the new one.
      toast.success("Currency saved. Reload the page to see prices in it.");
    },
  });
  // A locale the list lacks (set through the API) is still shown as the one in force.
  const locales = localeOptions(value);
  if (!locales.some((option) => option.tag === locale)) locales.unshift({ tag: locale, label: locale });
  return (
    <ConfigSectionCard
      title="Currency"
      description="Every price, total, e-mail and agent answer is in the shop's currency, written as its locale writes amounts. The currency can't change once the shop has orders."
      savedAt={undefined}
      neverSaved={null}
      dirty={value !== (saved.data?.currency ?? "USD") || locale !== savedLocale}
      pending={mutation.isPending}
      serverError={mutation.isError ? errorMessage(mutation.error, "The currency could not be saved.") : null}
      onSave={() => mutation.mutate({ currency: value, locale })}
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
        <Label htmlFor="shop-locale">Amounts written as</Label>
        <NativeSelect
          id="shop-locale"
          value={locale}
          onChange={(event) => setChosenLocale(event.target.value)}
        >
          {locales.map((option) => (
            <option key={option.tag} value={option.tag}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </ConfigSectionCard>
  );
}
