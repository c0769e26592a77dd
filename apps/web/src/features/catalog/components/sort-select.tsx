import { type ProductSort, SORTS } from "@haggle/contract/limits";
import { useId } from "react";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { SORT_LABELS } from "../lib/catalog-filters";

interface SortSelectProps {
  value: ProductSort;
  onChange: (sort: ProductSort) => void;
}

export function SortSelect({ value, onChange }: SortSelectProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="shrink-0 text-muted-foreground">
        Sort by
      </Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => {
          const next = SORTS.find((sort) => sort === event.target.value);
          if (next) onChange(next);
        }}
        className="w-full sm:w-48"
      >
        {SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
