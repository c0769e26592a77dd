import { moneyLabel } from "@haggle/domain/pricing/money";
import { type FormEvent, useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import type { CodeForm } from "./discount-code-form-state";
import { FormFooter } from "../form/form-footer";

interface Props {
  form: CodeForm;
  onChange: (form: CodeForm) => void;
  onSubmit: () => void;
  onCancel: (() => void) | null;
  editing: string | null;
  pending: boolean;
  error: string | null;
}

function Field(props: {
  label: string;
  hint?: string;
  children: (id: string, hintId?: string) => React.ReactNode;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{moneyLabel(props.label)}</Label>
      {props.children(id, props.hint ? hintId : undefined)}
      {props.hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

type TextKey =
  | "percentOff"
  | "amountOff"
  | "minimumSubtotal"
  | "startsAt"
  | "endsAt"
  | "totalUses"
  | "usesPerCustomer"
  | "categories"
  | "productIds";

/** The code's terms typed as text, in the form's order; some only for one kind of discount. */
const TEXT_FIELDS: {
  key: TextKey;
  label: string;
  hint?: string;
  type?: "datetime-local";
  inputMode?: "decimal" | "numeric";
  shownFor?: CodeForm["kind"][];
}[] = [
  { key: "percentOff", label: "Percent off (%)", inputMode: "decimal", shownFor: ["percent"] },
  { key: "amountOff", label: "Amount off ($)", inputMode: "decimal", shownFor: ["amount"] },
  { key: "minimumSubtotal", label: "Minimum subtotal ($)", hint: "Empty: any cart.", inputMode: "decimal" },
  { key: "startsAt", label: "Starts", type: "datetime-local" },
  { key: "endsAt", label: "Ends", type: "datetime-local" },
  { key: "totalUses", label: "Total uses", hint: "Empty: unlimited.", inputMode: "numeric" },
  { key: "usesPerCustomer", label: "Uses per customer", hint: "Empty: unlimited.", inputMode: "numeric" },
  {
    key: "categories",
    label: "Categories",
    hint: "Comma-separated; with products empty too, the whole cart.",
  },
  { key: "productIds", label: "Product ids", hint: "Comma-separated product ids it applies to." },
];

/** Creating or editing one code: its benefit, its conditions, and whether it stands beside Ava's price. */
export function DiscountCodeForm({ form, onChange, onSubmit, onCancel, editing, pending, error }: Props) {
  const set = <K extends keyof CodeForm>(key: K, value: CodeForm[K]) => onChange({ ...form, [key]: value });
  const combineId = useId();
  const activeId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      onSubmit={submit}
      aria-label={editing ? `Edit ${editing}` : "New discount code"}
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Code" hint="Shoppers type it at the cart; stored upper case without spaces.">
          {(id, hint) => (
            <Input
              id={id}
              aria-describedby={hint}
              value={form.code}
              required
              autoComplete="off"
              onChange={(e) => set("code", e.target.value)}
            />
          )}
        </Field>
        <Field label="Discount">
          {(id) => (
            <NativeSelect
              id={id}
              value={form.kind}
              onChange={(e) => set("kind", e.target.value as CodeForm["kind"])}
            >
              <option value="percent">Percent off</option>
              <option value="amount">Amount off</option>
              <option value="free_shipping">Free shipping</option>
            </NativeSelect>
          )}
        </Field>
        {TEXT_FIELDS.filter((f) => f.shownFor?.includes(form.kind) ?? true).map((f) => (
          <Field key={f.key} label={f.label} hint={f.hint}>
            {(id, hint) => (
              <Input
                id={id}
                aria-describedby={hint}
                type={f.type}
                inputMode={f.inputMode}
                value={form[f.key]}
                onChange={(e) => set(f.key, e.target.value)}
              />
            )}
          </Field>
        ))}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:gap-6">
        <div className="flex items-center gap-2">
          <Checkbox
            id={combineId}
            checked={form.combinesWithNegotiated}
            onCheckedChange={(v) => set("combinesWithNegotiated", v)}
          />
          <Label htmlFor={combineId}>
            Combines with Ava's negotiated price (else the shopper gets the better of the two)
          </Label>
        </div>
        <div className="flex items-center gap-2">
          <Checkbox id={activeId} checked={form.active} onCheckedChange={(v) => set("active", v)} />
          <Label htmlFor={activeId}>Active</Label>
        </div>
      </div>
      <FormFooter
        error={error}
        pending={pending}
        submitLabel={editing ? "Save code" : "Create code"}
        onCancel={onCancel}
      />
    </form>
  );
}
