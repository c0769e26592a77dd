import type { ProductOption, ProductVariant } from "@haggle/contract/products";
import { type ValueState, valueState } from "@haggle/domain/catalog/variant-choice";
import { cn } from "@/lib/cn";

/** Up to this many values are buttons; more (a shoe's sizes) are a select. */
export const MAX_BUTTON_VALUES = 6;

const STATE_LABEL: Record<ValueState, string> = {
  available: "",
  "sold-out": "sold out",
  "not-sold": "not sold",
};

interface VariantPickerProps {
  options: readonly ProductOption[];
  variants: readonly ProductVariant[];
  /** One chosen value per option, in the options' order. */
  chosen: readonly string[];
  onPick: (index: number, value: string) => void;
}

/**
 * The product page's option pickers: buttons for few values, a select for many. A value whose
 * combination with the other choices is sold out is greyed and labelled "sold out" (it can still
 * be chosen, to see it); one the shop does not sell is greyed, labelled "not sold" and disabled.
 */
export function VariantPicker({ options, variants, chosen, onPick }: VariantPickerProps) {
  return (
    <div className="flex flex-col gap-4" data-testid="variant-picker">
      {options.map((option, index) => {
        const id = `option-${index}`;
        const states = option.values.map((value) => valueState(variants, chosen, index, value));
        if (option.values.length > MAX_BUTTON_VALUES) {
          return (
            <div key={option.name} className="flex flex-col gap-2">
              <label htmlFor={id} className="text-sm font-medium">
                {option.name}
              </label>
              <select
                id={id}
                value={chosen[index] ?? ""}
                onChange={(event) => onPick(index, event.target.value)}
                className="h-11 w-full max-w-xs rounded-md border bg-background px-3 text-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {option.values.map((value, i) => (
                  <option key={value} value={value} disabled={states[i] === "not-sold"}>
                    {states[i] === "available" ? value : `${value} (${STATE_LABEL[states[i]!]})`}
                  </option>
                ))}
              </select>
            </div>
          );
        }
        return (
          <fieldset key={option.name} className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">
              {option.name}: <span className="font-normal text-muted-foreground">{chosen[index]}</span>
            </legend>
            <div className="flex flex-wrap gap-2">
              {option.values.map((value, i) => {
                const state = states[i]!;
                const selected = chosen[index] === value;
                return (
                  <button
                    key={value}
                    type="button"
                    aria-pressed={selected}
                    disabled={state === "not-sold"}
                    onClick={() => onPick(index, value)}
                    data-state={state}
                    className={cn(
                      "min-h-11 min-w-11 rounded-md border px-3 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none",
                      selected
                        ? "border-foreground bg-foreground text-background"
                        : "bg-background hover:bg-muted",
                      state !== "available" && !selected && "text-muted-foreground",
                      state === "not-sold" && "cursor-not-allowed opacity-50",
                    )}
                  >
                    <span className={cn(state !== "available" && "line-through decoration-1")}>{value}</span>
                    {state !== "available" && (
                      <>
                        {" "}
                        <span className="text-xs font-normal">{STATE_LABEL[state]}</span>
                      </>
                    )}
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
