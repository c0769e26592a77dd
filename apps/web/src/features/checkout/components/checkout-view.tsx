import { zodResolver } from "@hookform/resolvers/zod";
import type { AddressInput, SavedAddress } from "@haggle/contract/addresses";
import { AddressInputSchema } from "@haggle/contract/addresses";
import type { Cart } from "@haggle/contract/cart";
import type { CheckoutBodyInput, CheckoutOptions } from "@haggle/contract/orders";
import { ADDRESS_FIELDS, addressLines } from "@haggle/domain/orders/address";
import { formatMoney } from "@haggle/domain/pricing/money";
import { LoaderCircleIcon, LockIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { type FieldErrors, type UseFormReturn, useForm } from "react-hook-form";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { CartSummaryCard } from "@/features/cart/components/cart-summary-card";
import { codeLine } from "@/features/cart/components/discount-code-entry";
import { AddressFields, type AddressFormValues, EMPTY_ADDRESS } from "./address-fields";
import { RadioCard } from "./radio-card";
import { ShippingMethodCard } from "./shipping-method-card";
import { useCheckoutShipping } from "../hooks/use-checkout-shipping";

const NEW_ADDRESS = "new";

type PaymentMethodId = CheckoutOptions["paymentMethods"][number]["id"];

interface CheckoutViewProps {
  cart: Cart;
  /** The account's e-mail: where the confirmation goes. */
  email: string;
  addresses: SavedAddress[];
  options: CheckoutOptions;
  placing: boolean;
  /** The server's sentence when the last try failed. */
  error: string | null;
  onPlaceOrder: (body: CheckoutBodyInput) => void;
}

/** /checkout: contact, shipping address, payment method and the server's figures, then 'Place order'. */
export function CheckoutView({
  cart,
  email,
  addresses,
  options,
  placing,
  error,
  onPlaceOrder,
}: CheckoutViewProps) {
  const id = useId();
  const [choice, setChoice] = useState<string>(addresses[0]?.id ?? NEW_ADDRESS);
  const [paymentMethod, setPaymentMethod] = useState(options.paymentMethods[0]?.id ?? "manual");
  const form = useForm<AddressFormValues, unknown, AddressInput>({
    defaultValues: EMPTY_ADDRESS,
    resolver: zodResolver(AddressInputSchema),
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const usingNew = choice === NEW_ADDRESS;
  const { shipping, zoneOptions, method, unserved, summary, chosen, setShippingMethodId } =
    useCheckoutShipping(cart, usingNew ? AddressInputSchema.safeParse(form.watch()) : null, choice);

  function onInvalid(invalid: FieldErrors<AddressFormValues>) {
    const first = ADDRESS_FIELDS.find((name) => invalid[name]);
    if (first) form.setFocus(first);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (placing) return;
    if (!usingNew) {
      onPlaceOrder({ address: { addressId: choice }, paymentMethod, ...chosen });
      return;
    }
    void form.handleSubmit(
      (address) => onPlaceOrder({ address, paymentMethod, ...chosen }),
      onInvalid,
    )(event);
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-busy={placing || undefined}
      className="grid gap-6 lg:grid-cols-[1fr_380px]"
    >
      <div className="flex min-w-0 flex-col gap-6">
        <ContactCard email={email} />
        <ShippingCard
          id={id}
          addresses={addresses}
          choice={choice}
          onChoose={setChoice}
          form={form}
          placing={placing}
        />
        <ShippingMethodCard
          id={id}
          answer={zoneOptions}
          loading={shipping.isFetching}
          selectedId={method?.methodId ?? null}
          onChoose={setShippingMethodId}
        />
        <PaymentCard id={id} options={options} paymentMethod={paymentMethod} onChoose={setPaymentMethod} />
      </div>

      <div className="flex flex-col gap-4">
        <ItemsCard cart={cart} />
        <CartSummaryCard
          summary={summary}
          updating={false}
          discountCode={cart.discountCode}
          extra={
            cart.discountCode ? (
              <p className="text-sm" data-testid="checkout-discount-code">
                {codeLine(cart.discountCode)}
              </p>
            ) : null
          }
        >
          {error && (
            <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" size="lg" disabled={placing || unserved !== null}>
            {placing ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <LockIcon aria-hidden="true" />
            )}
            Place order
          </Button>
        </CartSummaryCard>
      </div>
    </form>
  );
}

/** Where the confirmation goes. */
function ContactCard({ email }: { email: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact</CardTitle>
      </CardHeader>
      <CardContent className="text-sm">
        <p>
          <span className="text-muted-foreground">Confirmation goes to </span>
          <span className="font-medium break-all" data-testid="checkout-email">
            {email}
          </span>
        </p>
      </CardContent>
    </Card>
  );
}

/** A saved address or a new one; the new one's fields show when it is chosen. */
function ShippingCard({
  id,
  addresses,
  choice,
  onChoose,
  form,
  placing,
}: {
  id: string;
  addresses: SavedAddress[];
  choice: string;
  onChoose: (choice: string) => void;
  form: UseFormReturn<AddressFormValues, unknown, AddressInput>;
  placing: boolean;
}) {
  const usingNew = choice === NEW_ADDRESS;
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${id}-shipping`}>Shipping address</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {addresses.length > 0 && (
          <fieldset className="flex flex-col gap-2" aria-labelledby={`${id}-shipping`}>
            {addresses.map((address) => (
              <RadioCard
                key={address.id}
                name="address"
                checked={choice === address.id}
                onChoose={() => onChoose(address.id)}
              >
                <span className="flex flex-col">
                  {addressLines(address).map((line, i) => (
                    <span key={line} className={i === 0 ? "font-medium" : "text-muted-foreground"}>
                      {line}
                    </span>
                  ))}
                </span>
              </RadioCard>
            ))}
            <RadioCard name="address" checked={usingNew} onChoose={() => onChoose(NEW_ADDRESS)}>
              <span className="font-medium">A new address</span>
            </RadioCard>
          </fieldset>
        )}
        {usingNew && (
          <AddressFields
            register={form.register}
            errors={form.formState.errors}
            disabled={placing}
            country={form.watch("country") ?? "US"}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** The shop's payment methods, one chosen. */
function PaymentCard({
  id,
  options,
  paymentMethod,
  onChoose,
}: {
  id: string;
  options: CheckoutOptions;
  paymentMethod: PaymentMethodId;
  onChoose: (method: PaymentMethodId) => void;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${id}-payment`}>Payment</CardTitle>
      </CardHeader>
      <CardContent>
        <fieldset className="flex flex-col gap-2" aria-labelledby={`${id}-payment`}>
          {options.paymentMethods.map((method) => (
            <RadioCard
              key={method.id}
              name="paymentMethod"
              checked={paymentMethod === method.id}
              onChoose={() => onChoose(method.id)}
            >
              <span className="font-medium">{method.label}</span>
            </RadioCard>
          ))}
        </fieldset>
        {paymentMethod === "manual" && (
          <p className="mt-3 text-sm text-muted-foreground">
            Your order is confirmed at once; pay when it arrives or by bank transfer. Nothing is charged now.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** The cart's lines as they will be ordered. */
function ItemsCard({ cart }: { cart: Cart }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your items</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2 text-sm" aria-label="Items">
          {cart.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-3" data-testid="checkout-line">
              <span className="min-w-0 break-words">
                {item.name} <span className="text-muted-foreground">× {item.quantity}</span>
              </span>
              <span className="shrink-0 tabular-nums">{formatMoney(item.lineTotal)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
