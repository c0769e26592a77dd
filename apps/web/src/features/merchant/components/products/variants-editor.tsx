import type { MerchantProduct } from "@haggle/contract/merchant";
import type { MerchantVariants } from "@haggle/contract/product-variants";
import { LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useVariantGridEditor } from "../../hooks/use-variant-grid-editor";
import { comboKey, diffSummary } from "../../lib/variant-grid";
import { ConfigUnsavedGuard } from "../config/config-unsaved-guard";
import { VariantsBulkEdit } from "./variants-bulk-edit";
import { VariantsGrid } from "./variants-grid";
import { VariantOptions } from "./variants-options";

interface VariantsEditorProps {
  product: MerchantProduct;
  saved: MerchantVariants;
  onCatalogChanged: (() => void) | undefined;
}

/** The product's options and the grid of their combinations, edited here and saved in one PUT. */
export function VariantsEditor({ product, saved, onCatalogChanged }: VariantsEditorProps) {
  const editor = useVariantGridEditor(product, saved, onCatalogChanged);
  const { idPrefix, grid, diff, dirty, selected, save, formError } = editor;
  const selectedCount = grid.rows.filter((r) => selected.has(comboKey(r.values))).length;
  return (
    <div className="flex flex-col gap-6">
      <ConfigUnsavedGuard
        dirty={dirty}
        description="Your changes to the options and variants have not been saved."
      />
      <VariantOptions
        idPrefix={idPrefix}
        options={grid.options}
        productSku={product.sku}
        problemAt={editor.optionProblem}
        onEdit={editor.editOptions}
      />
      <section aria-labelledby={`${idPrefix}-grid`} className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h2 id={`${idPrefix}-grid`} className="text-lg font-semibold">
            Variants
          </h2>
          <p className="text-sm text-muted-foreground">
            One row per combination. Turn off “Sold” for a combination you do not sell. Prices in the shop’s
            currency; an empty picture shows the product’s.
          </p>
        </div>
        <VariantsBulkEdit
          count={selectedCount}
          onSet={(field, value) => editor.editSelected({ [field]: value })}
          onSell={(sold) => editor.editSelected({ sold })}
        />
        <form
          noValidate
          onSubmit={editor.onSubmit}
          aria-busy={save.isPending}
          className="flex flex-col gap-4"
        >
          <VariantsGrid
            idPrefix={idPrefix}
            rows={grid.rows}
            selected={selected}
            problemAt={editor.cellProblem}
            onEdit={editor.editCell}
            onSelect={editor.select}
          />
          {formError && (
            <p
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
            >
              {formError}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
            <p className="text-sm text-muted-foreground sm:mr-auto" aria-live="polite">
              {dirty ? `Unsaved: ${diffSummary(diff)}.` : "All changes saved."}
            </p>
            <Button
              type="button"
              variant="outline"
              disabled={!dirty || save.isPending}
              onClick={editor.discard}
            >
              Discard changes
            </Button>
            <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
              {save.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
              Save variants
            </Button>
          </div>
        </form>
      </section>
    </div>
  );
}
