import type { KeyboardEvent } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/cn";
import { cellId, comboKey, type GridRow, type RowField, rowTitle } from "../../lib/variant-grid";
import { VariantPictureUpload } from "./variants-picture";

interface Column {
  field: RowField;
  label: string;
  width: string;
  input?: { inputMode?: "decimal" | "numeric"; spellCheck?: boolean; type?: string };
}

export const VARIANT_COLUMNS: readonly Column[] = [
  { field: "sku", label: "SKU", width: "w-48", input: { spellCheck: false } },
  { field: "price", label: "Price", width: "w-24", input: { inputMode: "decimal" } },
  { field: "listPrice", label: "List price", width: "w-24", input: { inputMode: "decimal" } },
  { field: "stockLevel", label: "Stock", width: "w-20", input: { inputMode: "numeric" } },
  { field: "weightGrams", label: "Weight (g)", width: "w-24", input: { inputMode: "numeric" } },
  { field: "barcode", label: "Barcode", width: "w-32", input: { spellCheck: false } },
  { field: "imageUrl", label: "Picture URL", width: "w-56", input: { type: "url", spellCheck: false } },
];

interface VariantsGridProps {
  idPrefix: string;
  rows: readonly GridRow[];
  selected: ReadonlySet<string>;
  problemAt: (key: string, field: RowField) => string | undefined;
  onEdit: (key: string, change: Partial<Omit<GridRow, "values" | "origin">>) => void;
  onSelect: (keys: string[], selected: boolean) => void;
}

/** Up and down arrows move to the same field of the row above or below, as in a spreadsheet. */
function moveByArrow(event: KeyboardEvent<HTMLTableSectionElement>) {
  if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
  const target = event.target as HTMLElement;
  const [row, field] = [target.dataset.row, target.dataset.field];
  if (row === undefined || field === undefined) return;
  const next = Number(row) + (event.key === "ArrowDown" ? 1 : -1);
  const input = event.currentTarget.querySelector<HTMLInputElement>(
    `input[data-row="${next}"][data-field="${field}"]:not(:disabled)`,
  );
  if (!input) return;
  event.preventDefault();
  input.focus();
  input.select();
}

interface RowProps extends Omit<VariantsGridProps, "rows" | "onSelect"> {
  row: GridRow;
  index: number;
  onSelect: (selected: boolean) => void;
}

function VariantRow({ idPrefix, row, index, selected, problemAt, onEdit, onSelect }: RowProps) {
  const key = comboKey(row.values);
  const title = rowTitle(row.values);
  return (
    <TableRow
      data-testid="variant-row"
      data-sold={row.sold}
      className={cn(!row.sold && "text-muted-foreground")}
    >
      <TableCell className="sticky left-0 z-10 min-w-24 bg-card sm:min-w-36 align-top shadow-[1px_0_0_var(--border)]">
        <div className="flex items-center gap-2 pt-2">
          <Checkbox aria-label={`Select ${title}`} checked={selected.has(key)} onCheckedChange={onSelect} />
          <span className="font-medium whitespace-nowrap">{title}</span>
        </div>
      </TableCell>
      <TableCell className="align-top">
        <div className="pt-2">
          <Switch
            aria-label={`Sell ${title}`}
            checked={row.sold}
            onCheckedChange={(sold) => onEdit(key, { sold })}
          />
        </div>
      </TableCell>
      {VARIANT_COLUMNS.map(({ field, label, width, input }) => {
        const id = cellId(idPrefix, index, field);
        const problem = row.sold ? problemAt(key, field) : undefined;
        return (
          <TableCell key={field} className="align-top">
            {/* The picture's thumbnail and upload sit beside its URL, so a row stays one line high. */}
            <div className={cn(field === "imageUrl" && "flex items-start gap-2")}>
              <Input
                id={id}
                data-row={index}
                data-field={field}
                aria-label={`${label} of ${title}`}
                value={row[field]}
                disabled={!row.sold}
                onChange={(event) => onEdit(key, { [field]: event.target.value })}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-error` : undefined}
                autoComplete="off"
                className={cn("h-8", width)}
                {...input}
              />
              {field === "imageUrl" && (
                <VariantPictureUpload
                  title={title}
                  imageUrl={row.imageUrl}
                  disabled={!row.sold}
                  onUploaded={(imageUrl) => onEdit(key, { imageUrl })}
                />
              )}
            </div>
            {problem && (
              <p id={`${id}-error`} className={cn("mt-1 text-xs text-destructive", width)}>
                {problem}
              </p>
            )}
          </TableCell>
        );
      })}
    </TableRow>
  );
}

/**
 * One row per combination: whether it is sold, and its SKU, prices, stock, weight, barcode and
 * picture. The table scrolls sideways in its own box with the combination column kept in view.
 */
export function VariantsGrid({ idPrefix, rows, selected, problemAt, onEdit, onSelect }: VariantsGridProps) {
  const keys = rows.map((r) => comboKey(r.values));
  const all = keys.length > 0 && keys.every((k) => selected.has(k));
  return (
    <Table aria-label="Variants">
      <TableHeader>
        <TableRow>
          <TableHead className="sticky left-0 z-10 bg-muted shadow-[1px_0_0_var(--border)]">
            <div className="flex items-center gap-2">
              <Checkbox
                aria-label="Select all variants"
                checked={all}
                onCheckedChange={(on) => onSelect(keys, on)}
              />
              Variant
            </div>
          </TableHead>
          <TableHead>Sold</TableHead>
          {VARIANT_COLUMNS.map(({ field, label }) => (
            <TableHead key={field}>{label}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody onKeyDown={moveByArrow}>
        {rows.map((row, index) => (
          <VariantRow
            key={comboKey(row.values)}
            idPrefix={idPrefix}
            row={row}
            index={index}
            selected={selected}
            problemAt={problemAt}
            onEdit={onEdit}
            onSelect={(on) => onSelect([comboKey(row.values)], on)}
          />
        ))}
      </TableBody>
    </Table>
  );
}
