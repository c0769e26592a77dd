import { FormFooter } from "../form/form-footer";
import { type FormEvent, useId } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { TextField } from "../form/text-field";
import {
  EMPTY_METHOD,
  type MethodForm,
  type PriceKind,
  type ZoneForm as ZoneFormState,
} from "./zone-form-state";

const BAND_HINTS: Record<Exclude<PriceKind, "flat">, string> = {
  weight: "One band a line: up to grams, then the price. * for no upper end. E.g. 1000 5.99",
  value: "One band a line: up to the order's value, then the price. * for no upper end. E.g. 50 7.50",
};

/** One method of the zone: its name, how it is priced, when it is free, and its delivery estimate. */
function MethodFields(props: {
  index: number;
  method: MethodForm;
  onChange: (method: MethodForm) => void;
  onRemove: (() => void) | null;
}) {
  const { method, index } = props;
  const set = <K extends keyof MethodForm>(key: K, value: MethodForm[K]) =>
    props.onChange({ ...method, [key]: value });
  const kindId = useId();
  const bandsId = useId();
  const bandsHintId = useId();
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">Method {index + 1}</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Method name"
          hint="Standard, Express."
          value={method.name}
          onChange={(v) => set("name", v)}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={kindId}>Priced</Label>
          <NativeSelect
            id={kindId}
            value={method.kind}
            onChange={(e) => set("kind", e.currentTarget.value as PriceKind)}
          >
            <option value="flat">Flat</option>
            <option value="weight">By order weight</option>
            <option value="value">By order value</option>
          </NativeSelect>
        </div>
        {method.kind === "flat" ? (
          <TextField
            label="Price ($)"
            value={method.flat}
            inputMode="decimal"
            onChange={(v) => set("flat", v)}
          />
        ) : null}
        <TextField
          label="Free over ($)"
          hint="Empty: never free."
          value={method.freeOver}
          inputMode="decimal"
          onChange={(v) => set("freeOver", v)}
        />
        <TextField
          label="Delivery from (days)"
          value={method.daysMin}
          inputMode="numeric"
          onChange={(v) => set("daysMin", v)}
        />
        <TextField
          label="Delivery to (days)"
          value={method.daysMax}
          inputMode="numeric"
          onChange={(v) => set("daysMax", v)}
        />
      </div>
      {method.kind !== "flat" ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={bandsId}>Price bands</Label>
          <Textarea
            id={bandsId}
            rows={3}
            value={method.bands}
            aria-describedby={bandsHintId}
            onChange={(e) => set("bands", e.currentTarget.value)}
          />
          <p id={bandsHintId} className="text-xs text-muted-foreground">
            {BAND_HINTS[method.kind]}
          </p>
        </div>
      ) : null}
      {props.onRemove ? (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={props.onRemove}>
            Remove method {index + 1}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}

interface Props {
  form: ZoneFormState;
  onChange: (form: ZoneFormState) => void;
  onSubmit: () => void;
  onCancel: (() => void) | null;
  pending: boolean;
  error: string | null;
}

/** Adding a zone or editing one: where it ships and its methods. */
export function ZoneForm({ form, onChange, onSubmit, onCancel, pending, error }: Props) {
  const set = <K extends keyof ZoneFormState>(key: K, value: ZoneFormState[K]) =>
    onChange({ ...form, [key]: value });
  const setMethod = (i: number, method: MethodForm) =>
    set(
      "methods",
      form.methods.map((m, j) => (j === i ? method : m)),
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Shipping zone" noValidate>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Zone name"
          hint="Europe, Domestic."
          value={form.name}
          onChange={(v) => set("name", v)}
        />
        <TextField
          label="Countries"
          hint='Two-letter codes, commas between: DE, FR. "*" for everywhere else.'
          value={form.countries}
          autoCapitalize="characters"
          onChange={(v) => set("countries", v)}
        />
        <TextField
          label="Regions (optional)"
          hint="Only these states or provinces: CA, NY."
          value={form.regions}
          autoCapitalize="characters"
          onChange={(v) => set("regions", v)}
        />
        <TextField
          label="Postal-code prefixes (optional)"
          hint="Only these: 10, SW1."
          value={form.postalPrefixes}
          autoCapitalize="characters"
          onChange={(v) => set("postalPrefixes", v)}
        />
      </div>
      {form.methods.map((method, i) => (
        <MethodFields
          // Methods have no id until saved; their place in the list is who they are here.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          index={i}
          method={method}
          onChange={(m) => setMethod(i, m)}
          onRemove={
            form.methods.length > 1
              ? () =>
                  set(
                    "methods",
                    form.methods.filter((_, j) => j !== i),
                  )
              : null
          }
        />
      ))}
      <div>
        <Button
          type="button"
          variant="outline"
          onClick={() => set("methods", [...form.methods, EMPTY_METHOD])}
        >
          Add a method
        </Button>
      </div>
      <FormFooter error={error} pending={pending} submitLabel={"Save zone"} onCancel={onCancel} />
    </form>
  );
}
