import { type TaxRate, TaxRateBodySchema, type TaxRateBody } from "@haggle/contract/taxes";
import { type FormEvent, useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { TextField } from "../form/text-field";
import { FormFooter } from "../form/form-footer";

/** The rate being written, as typed. */
export interface RateForm {
  country: string;
  region: string;
  name: string;
  ratePercent: string;
  taxShipping: boolean;
  replacesCountry: boolean;
}

export const EMPTY_RATE: RateForm = {
  country: "",
  region: "",
  name: "",
  ratePercent: "",
  taxShipping: false,
  replacesCountry: false,
};

export function rateFormOf(rate: TaxRate): RateForm {
  return {
    country: rate.country,
    region: rate.region ?? "",
    name: rate.name,
    ratePercent: String(rate.ratePercent),
    taxShipping: rate.taxShipping,
    replacesCountry: rate.replacesCountry,
  };
}

/** The form as the API takes it, or the first sentence saying what is wrong (the API's own rules). */
export function rateBodyOf(form: RateForm): { body: TaxRateBody } | { error: string } {
  const rate = form.ratePercent.trim() === "" ? Number.NaN : Number(form.ratePercent.replace(",", "."));
  const parsed = TaxRateBodySchema.safeParse({
    country: form.country,
    region: form.region.trim() === "" ? null : form.region,
    name: form.name,
    ratePercent: Number.isNaN(rate) ? "not a number" : rate,
    taxShipping: form.taxShipping,
    replacesCountry: form.replacesCountry,
  });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Check the rate." };
  return { body: parsed.data };
}

interface Props {
  form: RateForm;
  onChange: (form: RateForm) => void;
  onSubmit: () => void;
  onCancel: (() => void) | null;
  pending: boolean;
  error: string | null;
}

/** Adding a place's rate, or editing one: its name, percent, and whether shipping is taxed. */
export function TaxRateForm({ form, onChange, onSubmit, onCancel, pending, error }: Props) {
  const set = <K extends keyof RateForm>(key: K, value: RateForm[K]) => onChange({ ...form, [key]: value });
  const shippingId = useId();
  const replacesId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Tax rate" noValidate>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Country"
          hint="Two-letter code: DE, GB, US."
          value={form.country}
          autoCapitalize="characters"
          onChange={(v) => set("country", v)}
        />
        <TextField
          label="Region"
          hint="Empty: the whole country. A state or province: CA, ON."
          value={form.region}
          autoCapitalize="characters"
          onChange={(v) => set("region", v)}
        />
        <TextField
          label="Name"
          hint="VAT, Sales tax, GST."
          value={form.name}
          onChange={(v) => set("name", v)}
        />
        <TextField
          label="Rate (%)"
          hint="Up to three decimals: 6.875."
          value={form.ratePercent}
          inputMode="decimal"
          onChange={(v) => set("ratePercent", v)}
        />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
        <div className="flex items-center gap-2">
          <Checkbox
            id={shippingId}
            checked={form.taxShipping}
            onCheckedChange={(v) => set("taxShipping", v)}
          />
          <Label htmlFor={shippingId}>Shipping is taxed at this rate</Label>
        </div>
        <div className="flex items-center gap-2">
          <Checkbox
            id={replacesId}
            checked={form.replacesCountry}
            disabled={form.region.trim() === ""}
            onCheckedChange={(v) => set("replacesCountry", v)}
          />
          <Label htmlFor={replacesId}>Replaces the country's rate (like Canada's HST)</Label>
        </div>
      </div>
      <FormFooter error={error} pending={pending} submitLabel={"Save rate"} onCancel={onCancel} />
    </form>
  );
}
