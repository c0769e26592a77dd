import { formatMoney } from "@haggle/domain/pricing/money";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  type CreatePairingInput,
  CreatePairingSchema,
  type Pairing,
  type PairingKind,
} from "@haggle/contract/merchant";
import { ArrowRightIcon, LoaderCircleIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useMemo } from "react";
import { type Control, Controller, useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/error-message";
import { formRuleMessage } from "@/lib/field-error-message";
import { withArticle } from "@/lib/count-noun";
import { useCreatePairing, useDeletePairing, usePairings } from "../../api/pairings-queries";
import { type PickedProduct, ProductPicker } from "./pairings-product-picker";

const COPY: Record<
  PairingKind,
  { title: string; one: string; intro: string; pairedLabel: string; pairedHelp: string }
> = {
  cross_sell: {
    title: "Cross-sells",
    one: "cross-sell",
    intro:
      "A cross-sell is a product that complements one in the cart. When a shopper reaches Ava's best price, she may propose adding it as a bundle, with the bundling bonus on top. Ava tries cross-sells before upsells.",
    pairedLabel: "Suggest this product",
    pairedHelp: "The complementary product Ava proposes to bundle in.",
  },
  upsell: {
    title: "Upsells",
    one: "upsell",
    intro:
      "An upsell is a pricier add-on or upgrade worth suggesting with a product. Ava proposes one when no cross-sell fits the cart.",
    pairedLabel: "Suggest this product",
    pairedHelp: "The add-on or upgrade Ava suggests.",
  },
};

function ProductSummary({ product }: { product: Pairing["product"] }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <img
        src={product.imageUrl}
        alt=""
        className="size-12 shrink-0 rounded-md border object-cover"
        loading="lazy"
      />
      <div className="min-w-0 text-sm">
        <p className="font-medium break-words">{product.name}</p>
        <p className="flex flex-wrap items-center gap-1.5 text-muted-foreground">
          <span className="tabular-nums">{formatMoney(product.price)}</span>
          {product.hidden && <Badge variant="outline">Hidden from the shop</Badge>}
          {!product.hidden && !product.inStock && <Badge variant="outline">Out of stock</Badge>}
        </p>
      </div>
    </div>
  );
}

function PairingRow({ pairing, one }: { pairing: Pairing; one: string }) {
  const remove = useDeletePairing();
  const unavailable = pairing.paired.hidden || !pairing.paired.inStock;
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm md:flex-row md:items-center"
      data-testid="pairing"
    >
      <div className="grid min-w-0 grow grid-cols-1 items-center gap-2 md:grid-cols-[1fr_auto_1fr] md:gap-4">
        <div className="flex flex-col gap-1">
          <span className="text-xs text-muted-foreground">When the cart has</span>
          <ProductSummary product={pairing.product} />
        </div>
        <ArrowRightIcon className="hidden size-5 text-muted-foreground md:block" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <span className="text-xs text-muted-foreground">suggest</span>
          <ProductSummary product={pairing.paired} />
        </div>
      </div>
      {unavailable && (
        <p className="text-sm text-amber-700 md:max-w-48 dark:text-amber-400">
          Ava skips this {one} while the suggested product is{" "}
          {pairing.paired.hidden ? "hidden" : "out of stock"}.
        </p>
      )}
      <Button
        variant="outline"
        size="sm"
        className="self-end md:self-center"
        disabled={remove.isPending}
        aria-label={`Remove: ${pairing.product.name} → ${pairing.paired.name}`}
        onClick={() =>
          // The promise, not mutate's callbacks: those are skipped once the removed row is gone.
          remove.mutateAsync(pairing.id).then(
            () => toast.success("Pairing removed"),
            (error: unknown) =>
              toast.error("Failed to remove pairing", {
                description: errorMessage(error, "Please try again."),
              }),
          )
        }
      >
        {remove.isPending ? (
          <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
        ) : (
          <Trash2Icon aria-hidden="true" />
        )}
        Remove
      </Button>
    </li>
  );
}

interface PairingFormValues {
  product: PickedProduct | null;
  paired: PickedProduct | null;
}

const Picked = z.custom<PickedProduct>().nullable();

/** Both products chosen, then the contract's rules for a new pairing of this kind. */
function pairingFormSchema(kind: PairingKind) {
  return z
    .object({ product: Picked, paired: Picked })
    .refine((v) => v.product !== null && v.paired !== null, {
      message: "Choose both products first.",
      abort: true,
    })
    .transform(
      (v): CreatePairingInput => ({
        kind,
        productId: v.product?.id ?? "",
        pairedProductId: v.paired?.id ?? "",
      }),
    )
    .pipe(CreatePairingSchema);
}

/** The add form's state: both products, the rule's or the server's sentence, and the submit that adds the pairing. */
function useAddPairingForm(kind: PairingKind) {
  const create = useCreatePairing();
  const schema = useMemo(() => pairingFormSchema(kind), [kind]);
  const {
    control,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<PairingFormValues, unknown, CreatePairingInput>({
    defaultValues: { product: null, paired: null },
    resolver: zodResolver(schema),
    // Checked on submit only; choosing a product clears the message until the next try.
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const problem = formRuleMessage(errors) ?? errors.root?.server?.message ?? null;

  const onValid = (pairing: CreatePairingInput) =>
    create.mutate(pairing, {
      onSuccess: () => {
        toast.success("Pairing added");
        reset();
      },
      onError: (error) =>
        setError("root.server", {
          message: errorMessage(error, "The pairing could not be added. Please try again."),
        }),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    void handleSubmit(onValid)(event);
  };

  return { control, clearErrors, problem, submit, isPending: create.isPending };
}

function AddPairingForm({ kind }: { kind: PairingKind }) {
  const copy = COPY[kind];
  const { control, clearErrors, problem, submit, isPending } = useAddPairingForm(kind);
  const titleId = useId();

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="text-lg">
          {`Add ${withArticle(copy.one)}`}
        </CardTitle>
        <CardDescription>Search the catalogue for both products.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <PickerField
              control={control}
              name="product"
              label="When the cart has"
              help="The product that makes Ava think of the suggestion."
              onPicked={() => clearErrors()}
              disabled={isPending}
            />
            <PickerField
              control={control}
              name="paired"
              label={copy.pairedLabel}
              help={copy.pairedHelp}
              onPicked={() => clearErrors()}
              disabled={isPending}
            />
          </div>
          {problem !== null && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {problem}
            </p>
          )}
          <Button
            type="submit"
            className="self-stretch sm:self-end"
            disabled={isPending}
            aria-busy={isPending}
          >
            {isPending ? (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
            ) : (
              <PlusIcon aria-hidden="true" />
            )}
            Add
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** One of the form's two products, chosen with the product picker; choosing clears the form's message. */
function PickerField({
  control,
  name,
  label,
  help,
  onPicked,
  disabled,
}: {
  control: Control<PairingFormValues, unknown, CreatePairingInput>;
  name: keyof PairingFormValues;
  label: string;
  help: string;
  onPicked: () => void;
  disabled: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ProductPicker
          label={label}
          help={help}
          value={field.value}
          onChange={(p) => {
            field.onChange(p);
            onPicked();
          }}
          disabled={disabled}
        />
      )}
    />
  );
}

/** /merchant/cross-sells and /merchant/upsells: the product pairings Ava uses for bundle proposals. */
export function PairingsPage({ kind }: { kind: PairingKind }) {
  const copy = COPY[kind];
  const pairings = usePairings(kind);

  let list: ReactNode;
  if (pairings.isPending)
    list = <Spinner aria-label={`Loading ${copy.title.toLowerCase()}`} className="py-16" />;
  else if (pairings.isError) {
    list = (
      <div role="alert" className="flex flex-col items-center gap-4 py-12 text-center">
        <p className="text-lg font-medium">{`The ${copy.title.toLowerCase()} could not be loaded.`}</p>
        <Button onClick={() => void pairings.refetch()}>Try again</Button>
      </div>
    );
  } else if (pairings.data.length === 0) {
    list = (
      <p className="rounded-xl border border-dashed py-12 text-center text-muted-foreground">
        {`No ${copy.title.toLowerCase()} yet. Add the first one below.`}
      </p>
    );
  } else {
    list = (
      <ul className="flex flex-col gap-3" aria-label={copy.title}>
        {pairings.data.map((pairing) => (
          <PairingRow key={pairing.id} pairing={pairing} one={copy.one} />
        ))}
      </ul>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{copy.title}</h1>
        <p className="max-w-3xl text-muted-foreground">{copy.intro}</p>
      </div>
      {list}
      <AddPairingForm kind={kind} />
    </div>
  );
}
