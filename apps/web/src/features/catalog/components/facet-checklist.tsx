import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { countNoun } from "@/lib/count-noun";

export interface FacetOption {
  value: string;
  count: number;
}

interface FacetChecklistProps {
  title: string;
  options: readonly FacetOption[];
  selected: readonly string[];
  onToggle: (value: string, checked: boolean) => void;
  /** Set while the options are not known yet: placeholders, announced with this, stand in for them (never "None"). */
  loadingLabel?: string;
  className?: string;
}

/** A titled multi-select list of checkboxes; each box is labelled by the value alone. */
export function FacetChecklist({
  title,
  options,
  selected,
  onToggle,
  loadingLabel,
  className,
}: FacetChecklistProps) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-sm font-semibold">{title}</legend>
      {loadingLabel !== undefined && options.length === 0 ? (
        <div role="status" aria-label={loadingLabel}>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} className="my-3 h-5 lg:my-2" />
          ))}
        </div>
      ) : options.length === 0 ? (
        <p className="text-sm text-muted-foreground">None</p>
      ) : (
        <ul className={cn("flex flex-col lg:gap-1", className)}>
          {options.map((option, index) => {
            const boxId = `${id}-${index}`;
            return (
              <li key={option.value} className="flex items-center gap-2">
                <Checkbox
                  id={boxId}
                  aria-label={option.value}
                  checked={selected.includes(option.value)}
                  onCheckedChange={(checked) => onToggle(option.value, checked)}
                  aria-describedby={`${boxId}-count`}
                />
                {/* The whole row is the touch target: 44 px high on touch screens (WCAG 2.5.5). */}
                <Label
                  htmlFor={boxId}
                  className="flex min-h-11 min-w-0 flex-1 cursor-pointer items-center font-normal leading-snug lg:min-h-7"
                >
                  {option.value}
                </Label>
                <span id={`${boxId}-count`} className="pr-1 text-xs text-muted-foreground tabular-nums">
                  <span className="sr-only">{countNoun(option.count, "product")}</span>
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
