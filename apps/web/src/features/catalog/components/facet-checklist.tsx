import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";

export interface FacetOption {
  value: string;
  count: number;
}

interface FacetChecklistProps {
  title: string;
  options: readonly FacetOption[];
  selected: readonly string[];
  onToggle: (value: string, checked: boolean) => void;
  className?: string;
}

/** A titled multi-select list of checkboxes; each box is labelled by the value alone. */
export function FacetChecklist({ title, options, selected, onToggle, className }: FacetChecklistProps) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-sm font-semibold">{title}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-muted-foreground">None</p>
      ) : (
        <ul className={cn("flex flex-col gap-2.5", className)}>
          {options.map((option, index) => {
            const boxId = `${id}-${index}`;
            return (
              <li key={option.value} className="flex items-center gap-2">
                <Checkbox
                  id={boxId}
                  aria-label={option.value}
                  checked={selected.includes(option.value)}
                  onCheckedChange={(checked) => onToggle(option.value, checked === true)}
                  aria-describedby={`${boxId}-count`}
                />
                <Label htmlFor={boxId} className="min-w-0 flex-1 cursor-pointer font-normal leading-snug">
                  {option.value}
                </Label>
                <span id={`${boxId}-count`} className="pr-1 text-xs text-muted-foreground tabular-nums">
                  <span className="sr-only">{`${option.count} products`}</span>
                  <span aria-hidden="true">{option.count}</span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
