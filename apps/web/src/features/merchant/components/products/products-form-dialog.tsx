import { zodResolver } from "@hookform/resolvers/zod";
import type { MerchantProduct } from "@haggle/contract/merchant";
import { LoaderCircleIcon } from "lucide-react";
import { type FormEvent, useId } from "react";
import { Link } from "react-router";
import { type Control, Controller, type FieldErrors, useForm } from "react-hook-form";
import { formatMoney } from "@haggle/domain/pricing/money";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/error-message";
import { fieldErrorMessage } from "@/lib/field-error-message";
import { useCatalogFacets, useProductMutations } from "../../api/products-queries";
import {
  changedProductFields,
  EMPTY_PRODUCT_FORM,
  PRODUCT_FIELDS,
  type ProductData,
  type ProductField,
  ProductFormSchema,
  type ProductFormValues,
  productFormValues,
} from "../../lib/products-form";
import { FacetField } from "./products-facet-field";
import { ProductImageUpload } from "./products-image-upload";

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
        {editing && (
          <p className="text-sm">
            {editing.hasOptions
              ? `Its prices and stock are its variants' (from ${formatMoney(editing.price)}, ${editing.stockLevel} in stock in all): `
              : "Sizes, colours, per-variant prices and stock: "}
            <Link
              to={`/merchant/products/${editing.id}/variants`}
              className="font-medium underline underline-offset-4"
            >
              Options and variants
            </Link>
          </p>
        )}
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
  { field: "brand", label: "Brand", hint: "Pick one of the shop's brands, or type a new one" },
  { field: "category", label: "Category", hint: "Pick one of the shop's categories, or type a new one" },
  {
    field: "price",
    label: "Price",
    hint: "In the shop's currency, e.g. 49.99",
    input: { inputMode: "decimal" },
  },
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
    hint: "https://… or /images/…, or upload a picture below; leave empty and the shop draws one",
    input: { type: "url", spellCheck: false },
    wide: true,
  },
  { field: "tags", label: "Tags (comma separated)", hint: "e.g. running, gift, outdoor", wide: true },
];

/** A product with options keeps these on its variants (the grid), so its form leaves them out. */
const VARIANT_FIELDS: ReadonlySet<ProductField> = new Set(["price", "listPrice", "stockLevel"]);

function ProductForm({ product, onDone, onCatalogChanged }: ProductFormProps) {
  const id = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    setValue,
    watch,
    formState: { errors },
  } = useForm<ProductFormValues, unknown, ProductData>({
    defaultValues: product ? productFormValues(product) : EMPTY_PRODUCT_FORM,
    resolver: zodResolver(ProductFormSchema),
    // Checked on submit only; editing a field clears its message until the next try.
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const [brand, category, imageUrl] = watch(["brand", "category", "imageUrl"]);
  const existing = useExistingFacets(brand, category);
  const setText = (field: "brand" | "category" | "imageUrl", value: string) => {
    setValue(field, value, { shouldDirty: true });
    clearErrors(field);
  };
  const formError = errors.root?.server?.message;
  const messageOf = (field: ProductField) => fieldErrorMessage(errors[field]);
  const textField = (field: ProductField) => register(field, { onChange: () => clearErrors(field) });
  const showFormError = (message: string) => setError("root.server", { message });
  const { onValid, pending } = useSaveProduct(product, onDone, onCatalogChanged, showFormError);
  const onInvalid = (invalid: FieldErrors<ProductFormValues>) => {
    const first = PRODUCT_FIELDS.find((field) => invalid[field]);
    if (first) setFocus(first);
  };
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    void handleSubmit(onValid, onInvalid)(event);
  }
  const describedBy = (field: ProductField, hint: boolean) =>
    describedByOf(id, field, hint, messageOf(field));
  const errorText = (field: ProductField) => <FieldError id={id} field={field} message={messageOf(field)} />;

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={pending} className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {(product?.hasOptions ? FIELDS.filter((f) => !VARIANT_FIELDS.has(f.field)) : FIELDS).map(
          ({ field, label, hint, input, wide }) => (
            <div key={field} className={wide ? "flex flex-col gap-2 sm:col-span-2" : "flex flex-col gap-2"}>
              <Label htmlFor={`${id}-${field}`}>{label}</Label>
              {field === "brand" || field === "category" ? (
                <FacetField
                  id={`${id}-${field}`}
                  noun={existing[field].noun}
                  value={existing[field].value}
                  existing={existing[field].options}
                  onSnap={(value) => setText(field, value)}
                  autoComplete="off"
                  {...textField(field)}
                  aria-invalid={messageOf(field) ? true : undefined}
                  aria-describedby={describedBy(field, hint !== undefined)}
                />
              ) : (
                <Input
                  id={`${id}-${field}`}
                  autoComplete="off"
                  {...input}
                  {...textField(field)}
                  aria-invalid={messageOf(field) ? true : undefined}
                  aria-describedby={describedBy(field, hint !== undefined)}
                />
              )}
              {hint && (
                <p id={`${id}-${field}-hint`} className="text-xs text-muted-foreground">
                  {hint}
                </p>
              )}
              {errorText(field)}
            </div>
          ),
        )}
        <ProductImageUpload imageUrl={imageUrl} onUploaded={(url) => setText("imageUrl", url)} />
        <div className="flex flex-col gap-2 sm:col-span-2">
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Textarea
            id={`${id}-description`}
            rows={3}
            {...textField("description")}
            aria-invalid={messageOf("description") ? true : undefined}
            aria-describedby={describedBy("description", false)}
          />
          {errorText("description")}
        </div>
        <HiddenField id={id} control={control} />
      </div>
      <FormFooter formError={formError} pending={pending} isNew={!product} onCancel={onDone} />
    </form>
  );
}

/** The shop's brands and categories to suggest while one is typed. */
function useExistingFacets(brand: string, category: string) {
  const facets = useCatalogFacets();
  return {
    brand: { noun: "brand", value: brand, options: facets.data?.brands.map((f) => f.value) ?? [] },
    category: {
      noun: "category",
      value: category,
      options: facets.data?.categories.map((f) => f.value) ?? [],
    },
  };
}

/** A field's hint and error, as its input's accessible description. */
function describedByOf(id: string, field: ProductField, hint: boolean, message: string | undefined) {
  return (
    [hint ? `${id}-${field}-hint` : undefined, message ? `${id}-${field}-error` : undefined]
      .filter(Boolean)
      .join(" ") || undefined
  );
}

function FieldError({
  id,
  field,
  message,
}: {
  id: string;
  field: ProductField;
  message: string | undefined;
}) {
  return message ? (
    <p id={`${id}-${field}-error`} className="text-sm text-destructive">
      {message}
    </p>
  ) : null;
}

/** Saves the form: creates a new product, or sends only the changed fields of one being edited. */
function useSaveProduct(
  product: MerchantProduct | null,
  onDone: () => void,
  onCatalogChanged: (() => void) | undefined,
  showFormError: (message: string) => void,
) {
  const { create, update } = useProductMutations(onCatalogChanged);
  const onServerError = (error: unknown) =>
    showFormError(errorMessage(error, "The product could not be saved. Please try again."));
  const onValid = (data: ProductData) => {
    if (!product) {
      create.mutate(data, {
        onSuccess: (created) => {
          toast.success("Product created", { description: `${created.name} is in the catalogue.` });
          onDone();
        },
        onError: onServerError,
      });
      return;
    }
    const changes = changedProductFields(product, data);
    if (Object.keys(changes).length === 0) {
      showFormError("Nothing has changed yet.");
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
  };
  return { onValid, pending: create.isPending || update.isPending };
}

/** "Hidden from the shop": a switch with what it means. */
function HiddenField({
  id,
  control,
}: {
  id: string;
  control: Control<ProductFormValues, unknown, ProductData>;
}) {
  return (
    <div className="flex items-center gap-3 sm:col-span-2">
      <Controller
        control={control}
        name="hidden"
        render={({ field }) => (
          <Switch
            id={`${id}-hidden`}
            ref={field.ref}
            name={field.name}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={`${id}-hidden-hint`}
          />
        )}
      />
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-hidden`}>Hidden from the shop</Label>
        <p id={`${id}-hidden-hint`} className="text-xs text-muted-foreground">
          Hidden products are not shown or sold; past orders keep them.
        </p>
      </div>
    </div>
  );
}

/** The server's sentence, if any, then Cancel and Save. */
function FormFooter({
  formError,
  pending,
  isNew,
  onCancel,
}: {
  formError: string | undefined;
  pending: boolean;
  isNew: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      {formError && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
        >
          {formError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          {isNew ? "Create product" : "Save changes"}
        </Button>
      </div>
    </>
  );
}
