import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import type { RowField } from "../../lib/variant-grid";

const BULK_FIELDS: readonly { field: RowField; label: string }[] = [
  { field: "price", label: "Price" },
  { field: "listPrice", label: "List price" },
  { field: "stockLevel", label: "Stock" },
  { field: "weightGrams", label: "Weight (g)" },
  // One picture for, say, every Black row: uploaded in one row, its URL set on the others.
  { field: "imageUrl", label: "Picture URL" },
];

interface VariantsBulkEditProps {
  count: number;
  onSet: (field: RowField, value: string) => void;
  onSell: (sold: boolean) => void;
}

/** With rows selected: one price, stock, weight or picture for all of them, or sell / stop selling them. */
export function VariantsBulkEdit({ count, onSet, onSell }: VariantsBulkEditProps) {
  const id = useId();
  const [field, setField] = useState<RowField>("price");
  const [value, setValue] = useState("");
  const none = count === 0;
  // Its own form (not nested in the grid's): Enter in the box sets the value, not saves the grid.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!none) onSet(field, value);
  }
  return (
    <form
      onSubmit={onSubmit}
      aria-label="Change the selected variants"
      className="flex flex-wrap items-end gap-2 rounded-lg border bg-muted/30 p-3"
    >
      <p className="w-full text-sm" aria-live="polite">
        {none ? "Select variants to change several at once." : `${count} selected`}
      </p>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-field`}>Set</Label>
        <NativeSelect
          id={`${id}-field`}
          value={field}
          onChange={(event) => setField(event.target.value as RowField)}
          className="h-8"
        >
          {BULK_FIELDS.map((f) => (
            <option key={f.field} value={f.field}>
              {f.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-value`}>To</Label>
        <Input
          id={`${id}-value`}
          value={value}
          inputMode={field === "price" || field === "listPrice" ? "decimal" : "numeric"}
          onChange={(event) => setValue(event.target.value)}
          className="h-8 w-28"
          autoComplete="off"
        />
      </div>
      <Button type="submit" variant="outline" size="sm" disabled={none}>
        Apply to selected
      </Button>
      <Button type="button" variant="ghost" size="sm" disabled={none} onClick={() => onSell(true)}>
        Sell
      </Button>
      <Button type="button" variant="ghost" size="sm" disabled={none} onClick={() => onSell(false)}>
        Stop selling
      </Button>
    </form>
  );
}
