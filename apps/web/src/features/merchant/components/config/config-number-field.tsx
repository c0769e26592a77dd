import { moneyLabel, shopCurrencySign } from "@haggle/domain/pricing/money";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import type { ConfigSectionForm } from "../../hooks/config-section-form";
import { CONFIG_FIELDS, configFieldId, type FieldUnit } from "../../lib/config-fields";

const ADORNMENT: Record<FieldUnit, { text: string; before: boolean }> = {
  percent: { text: "%", before: false },
  dollars: { text: "$", before: true },
  minutes: { text: "min", before: false },
  rounds: { text: "rounds", before: false },
  choice: { text: "", before: false },
};

interface ConfigNumberFieldProps {
  form: ConfigSectionForm;
  path: string;
  className?: string;
}

/** One labelled setting: the number with its unit, a line of help and the reason it cannot be saved. */
export function ConfigNumberField({ form, path, className }: ConfigNumberFieldProps) {
  const info = CONFIG_FIELDS[form.configType][path];
  if (!info) throw new Error(`No setting ${form.configType}.${path}`);
  const id = configFieldId(form.configType, path);
  const error = form.fieldErrors[path];
  const adornment = ADORNMENT[info.unit];
  const whole = info.unit === "minutes" || info.unit === "rounds";

  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{moneyLabel(info.label)}</Label>
      <div className="relative">
        {adornment.before && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
          >
            {info.unit === "dollars" ? shopCurrencySign() : adornment.text}
          </span>
        )}
        <Input
          id={id}
          type="number"
          inputMode={whole ? "numeric" : "decimal"}
          step={whole ? 1 : "any"}
          {...form.field(path)}
          aria-invalid={error !== undefined}
          aria-describedby={`${id}-help${error === undefined ? "" : ` ${id}-error`}`}
          className={cn(
            "tabular-nums [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none",
            adornment.before ? "pl-7" : "pr-16",
          )}
        />
        {!adornment.before && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
          >
            {adornment.text}
          </span>
        )}
      </div>
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        {info.help}
      </p>
      {error !== undefined && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
