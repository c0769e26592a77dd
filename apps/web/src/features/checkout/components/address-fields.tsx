import type { AddressInputSchema } from "@haggle/contract/addresses";
import { COUNTRY_CODES, countryName, regionRequired } from "@haggle/domain/orders/address";
import { useId } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import type { z } from "zod";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";

/** The address form's values as typed (text; the contract's schema checks and normalises them). */
export type AddressFormValues = z.input<typeof AddressInputSchema>;

export const EMPTY_ADDRESS: AddressFormValues = {
  name: "",
  line1: "",
  line2: "",
  city: "",
  region: "",
  postalCode: "",
  country: "US",
};

/** Countries by their English name, for the picker. */
const byName = new Intl.Collator("en");
const COUNTRIES = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
  byName.compare(a.name, b.name),
);

interface FieldSpec {
  name: keyof AddressFormValues;
  label: string;
  autoComplete: string;
  optional?: boolean;
  className?: string;
}

const FIELDS: readonly FieldSpec[] = [
  { name: "name", label: "Full name", autoComplete: "shipping name", className: "sm:col-span-2" },
  {
    name: "line1",
    label: "Address line 1",
    autoComplete: "shipping address-line1",
    className: "sm:col-span-2",
  },
  {
    name: "line2",
    label: "Address line 2",
    autoComplete: "shipping address-line2",
    optional: true,
    className: "sm:col-span-2",
  },
  { name: "city", label: "City", autoComplete: "shipping address-level2" },
  { name: "region", label: "State / region", autoComplete: "shipping address-level1", optional: true },
  { name: "postalCode", label: "Postal code", autoComplete: "shipping postal-code" },
];

/** A shipping address form's fields, labelled, with autocomplete hints and each field's own message. */
export function AddressFields({
  register,
  errors,
  disabled,
  country,
}: {
  register: UseFormRegister<AddressFormValues>;
  errors: FieldErrors<AddressFormValues>;
  disabled?: boolean;
  /** The chosen country: some need a state or province. */
  country: string;
}) {
  const id = useId();
  const errorId = (name: keyof AddressFormValues) => `${id}-${name}-error`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {FIELDS.map((field) => (
        <div key={field.name} className={`flex flex-col gap-2 ${field.className ?? ""}`}>
          <Label htmlFor={`${id}-${field.name}`}>
            {field.label}
            {field.optional && !(field.name === "region" && regionRequired(country)) && (
              <span className="font-normal text-muted-foreground"> (optional)</span>
            )}
          </Label>
          <Input
            id={`${id}-${field.name}`}
            autoComplete={field.autoComplete}
            disabled={disabled}
            aria-invalid={errors[field.name] ? true : undefined}
            aria-describedby={errors[field.name] ? errorId(field.name) : undefined}
            {...register(field.name)}
          />
          {errors[field.name] && (
            <p id={errorId(field.name)} className="text-sm text-destructive">
              {errors[field.name]?.message}
            </p>
          )}
        </div>
      ))}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-country`}>Country</Label>
        <NativeSelect
          id={`${id}-country`}
          autoComplete="shipping country"
          disabled={disabled}
          aria-invalid={errors.country ? true : undefined}
          aria-describedby={errors.country ? errorId("country") : undefined}
          {...register("country")}
        >
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
        {errors.country && (
          <p id={errorId("country")} className="text-sm text-destructive">
            {errors.country.message}
          </p>
        )}
      </div>
    </div>
  );
}
