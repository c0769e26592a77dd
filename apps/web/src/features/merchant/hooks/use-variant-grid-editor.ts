import type { MerchantProduct } from "@haggle/contract/merchant";
import type { MerchantVariants } from "@haggle/contract/product-variants";
import { type FormEvent, useId, useState } from "react";
import { ApiRequestError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useSaveProductVariants } from "../api/variants-queries";
import {
  cellId,
  checkGrid,
  comboKey,
  diffGrid,
  diffSummary,
  editRow,
  editRows,
  type GridEdit,
  type GridProblem,
  type GridState,
  gridFromSaved,
  isUnchanged,
  type RowField,
  rowOfTakenSku,
} from "../lib/variant-grid";

/** The id of the field a problem is about, to focus it. */
function problemFieldId(idPrefix: string, grid: GridState, problem: GridProblem): string | null {
  const { place } = problem;
  if (place.kind === "cell") {
    const index = grid.rows.findIndex((r) => comboKey(r.values) === place.key);
    return index < 0 ? null : cellId(idPrefix, index, place.field);
  }
  if (place.kind === "option") {
    return place.valueIndex === null
      ? `${idPrefix}-o${place.index}`
      : `${idPrefix}-o${place.index}-v${place.valueIndex}`;
  }
  return null;
}

/**
 * The variant grid's state: the grid as saved and as edited, the sentences placed beside their
 * fields, the selected rows, and the save. The contract's own schema checks the grid first, so the
 * server's sentences show beside their field before anything is sent; a SKU another product holds
 * (409) shows beside its row's SKU.
 */
export function useVariantGridEditor(
  product: MerchantProduct,
  saved: MerchantVariants,
  onCatalogChanged: (() => void) | undefined,
) {
  const idPrefix = useId();
  const [baseline, setBaseline] = useState(() => gridFromSaved(saved, product.sku));
  const [grid, setGrid] = useState(baseline);
  const [problems, setProblems] = useState<GridProblem[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const save = useSaveProductVariants(product.id, onCatalogChanged);
  const diff = diffGrid(baseline, grid);
  const dirty = !isUnchanged(diff);

  const cellProblem = (key: string, field: RowField) =>
    problems.find((p) => p.place.kind === "cell" && p.place.key === key && p.place.field === field)?.message;
  const optionProblem = (index: number, valueIndex: number | null) =>
    problems.find(
      (p) => p.place.kind === "option" && p.place.index === index && p.place.valueIndex === valueIndex,
    )?.message;
  const gridProblem = problems.find((p) => p.place.kind === "grid")?.message;

  const editOptions = (edit: GridEdit) => {
    setGrid(edit);
    // Rows and options may have moved: the sentences are said again at the next save.
    setProblems([]);
    setFormError(null);
  };
  const editCell = (key: string, change: Parameters<typeof editRow>[2]) => {
    setGrid((g) => editRow(g, key, change));
    setProblems((all) => all.filter((p) => !(p.place.kind === "cell" && p.place.key === key)));
    setFormError(null);
  };
  const select = (keys: string[], on: boolean) =>
    setSelected((was) => {
      const next = new Set(was);
      for (const key of keys) on ? next.add(key) : next.delete(key);
      return next;
    });
  const editSelected = (change: Parameters<typeof editRows>[2]) => {
    setGrid((g) => editRows(g, selected, change));
    setProblems([]);
  };

  const show = (found: GridProblem[]) => {
    setProblems(found);
    const first = found.map((p) => problemFieldId(idPrefix, grid, p)).find((id) => id !== null);
    if (first) document.getElementById(first)?.focus();
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    if (!dirty) return setFormError("Nothing has changed yet.");
    const checked = checkGrid(grid);
    if ("problems" in checked) return show(checked.problems);
    setFormError(null);
    save.mutate(checked.data, {
      onSuccess: (answer) => {
        const next = gridFromSaved(answer, product.sku);
        setBaseline(next);
        setGrid(next);
        setProblems([]);
        toast.success("Variants saved", { description: `${product.name}: ${diffSummary(diff)}.` });
      },
      onError: (error) => {
        const message = errorMessage(error, "The variants could not be saved. Please try again.");
        const key = error instanceof ApiRequestError ? rowOfTakenSku(grid, message) : null;
        if (key) show([{ place: { kind: "cell", key, field: "sku" }, message }]);
        setFormError(message);
      },
    });
  }

  function discard() {
    setGrid(baseline);
    setProblems([]);
    setFormError(null);
  }

  return {
    idPrefix,
    grid,
    diff,
    dirty,
    selected,
    save,
    formError: formError ?? gridProblem ?? null,
    cellProblem,
    optionProblem,
    editOptions,
    editCell,
    select,
    editSelected,
    onSubmit,
    discard,
  };
}
