import type { MerchantProduct } from "@haggle/contract/merchant";
import { LoaderCircleIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/error-message";
import { useProductMutations } from "../api/products-queries";
import {
  changedProductFields,
  EMPTY_PRODUCT_FORM,
  PRODUCT_FIELDS,
  type ProductField,
  type ProductFieldErrors,
  type ProductFormValues,
  productFormValues,
  validateProductForm,
} from "../lib/products-form";

interface ProductFormDialogProps {
  /** Open: "new" for a new product, or the product to edit; null: closed. */
  target: MerchantProduct | "new" | null;
  onClose: () => void;
  onCatalogChanged?: () => void;
}

/** 'Add New Product' and 'Edit': one dialog; it mounts its form afresh for every product. */
export function ProductFormDialog({ target, onClose, onCatalogChanged }: ProductFormDialogProps) {
  const editing = target !== null && target !== "new" ? target : null;
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit product" : "Add New Product"}</DialogTitle>
          <DialogDescription>
            {editing
              ? `Changes to ${editing.name} show in the shop at once.`
              : "The product shows in the shop once saved, unless you hide it."}
          </DialogDescription>
        </DialogHeader>
        {target !== null && (
          <ProductForm
            key={editing?.id ?? "new"}
            product={editing}
            onDone={onClose}
            onCatalogChanged={onCatalogChanged}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface ProductFormProps {
  product: MerchantProduct | null;
  onDone: () => void;
  onCatalogChanged: (() => void) | undefined;
}

interface FieldSpec {
  field: Exclude<ProductField, "hidden" | "description">;
  label: string;
  hint?: string;
  input?: Partial<Parameters<typeof Input>[0]>;
  wide?: boolean;
}

const FIELDS: FieldSpec[] = [
  { field: "sku", label: "SKU", input: { autoCapitalize: "characters", spellCheck: false } },
  { field: "name", label: "Name" },
  { field: "brand", label: "Brand" },
  { field: "category", label: "Category" },
  { field: "price", label: "Price", hint: "In dollars, e.g. 49.99", input: { inputMode: "decimal" } },
  {
    field: "listPrice",
    label: "List price",
    hint: "The price before any discount; at least the price",
    input: { inputMode: "decimal" },
  },
  { field: "stockLevel", label: "Stock", hint: "Units on hand", input: { inputMode: "numeric" } },
  {
    field: "imageUrl",
    label: "Image URL (optional)",
    hint: "https://… or /images/…; leave empty and the shop draws one",
    input: { type: "url", spellCheck: false },
    wide: true,
  },
  { field: "tags", label: "Tags (comma separated)", hint: "e.g. running, gift, outdoor", wide: true },
];

function ProductForm({ product, onDone, onCatalogChanged }: ProductFormProps) {
  const id = useId();
  const { create, update } = useProductMutations(onCatalogChanged);
  const [values, setValues] = useState<ProductFormValues>(() =>
    product ? productFormValues(product) : EMPTY_PRODUCT_FORM,
  );
  const [errors, setErrors] = useState<ProductFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  function set<F extends ProductField>(field: F, value: ProductFormValues[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  const onServerError = (error: unknown) =>
    setFormError(errorMessage(error, "The product could not be saved. Please try again."));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const result = validateProductForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      setFormError(result.formError);
      const first = PRODUCT_FIELDS.find((field) => result.errors[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    if (!product) {
      create.mutate(result.data, {
        onSuccess: (created) => {
          toast.success("Product created", { description: `${created.name} is in the catalogue.` });
          onDone();
        },
        onError: onServerError,
      });
      return;
    }
    const changes = changedProductFields(product, result.data);
    if (Object.keys(changes).length === 0) {
      setFormError("Nothing has changed yet.");
      return;
    }
    update.mutate(
      { id: product.id, changes },
      {
        onSuccess: (updated) => {
          toast.success("Product updated", { description: `${updated.name} is saved.` });
          onDone();
        },
        onError: onServerError,
      },
    );
  }

  const describedBy = (field: ProductField, hint: boolean) =>
    [hint ? `${id}-${field}-hint` : undefined, errors[field] ? `${id}-${field}-error` : undefined]
      .filter(Boolean)
      .join(" ") || undefined;

  const errorText = (field: ProductField) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="text-sm text-destructive">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={pending} className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {FIELDS.map(({ field, label, hint, input, wide }) => (
          <div key={field} className={wide ? "flex flex-col gap-2 sm:col-span-2" : "flex flex-col gap-2"}>
            <Label htmlFor={`${id}-${field}`}>{label}</Label>
            <Input
              id={`${id}-${field}`}
              name={field}
              autoComplete="off"
              {...input}
              value={values[field]}
              onChange={(event) => set(field, event.target.value)}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={describedBy(field, hint !== undefined)}
            />
            {hint && (
              <p id={`${id}-${field}-hint`} className="text-xs text-muted-foreground">
                {hint}
              </p>
            )}
            {errorText(field)}
          </div>
        ))}
        <div className="flex flex-col gap-2 sm:col-span-2">
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Textarea
            id={`${id}-description`}
            name="description"
            rows={3}
            value={values.description}
            onChange={(event) => set("description", event.target.value)}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy("description", false)}
          />
          {errorText("description")}
        </div>
        <div className="flex items-center gap-3 sm:col-span-2">
          <Switch
            id={`${id}-hidden`}
            checked={values.hidden}
            onCheckedChange={(checked) => set("hidden", checked)}
            aria-describedby={`${id}-hidden-hint`}
          />
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-hidden`}>Hidden from the shop</Label>
            <p id={`${id}-hidden-hint`} className="text-xs text-muted-foreground">
              Hidden products are not shown or sold; past orders keep them.
            </p>
          </div>
        </div>
      </div>
      {formError && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
        >
          {formError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          {product ? "Save changes" : "Create product"}
        </Button>
      </div>
    </form>
  );
}
