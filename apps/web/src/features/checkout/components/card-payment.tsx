/**
 * Paying an order by card with Stripe's Payment Element. This module is loaded on demand (see
 * checkout-screen.tsx) only once a checkout answered with a client secret, and it loads Stripe.js
 * through `@stripe/stripe-js/pure`, which fetches nothing until `loadStripe` is called: a shop
 * without Stripe keys never reaches js.stripe.com.
 */
import type { CheckoutPayment } from "@haggle/contract/orders";
import { formatMoney } from "@haggle/domain/pricing/money";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { LoaderCircleIcon, LockIcon } from "lucide-react";
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

/** One Stripe.js per publishable key for the page's lifetime, as Stripe asks. */
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
    // A failed load is tried afresh next time.
    stripe.catch(() => loaded.delete(publishableKey));
  }
  return stripe;
}

export interface CardPaymentProps {
  payment: CheckoutPayment;
  /** The order's total in cents, as the server computed it (the PaymentIntent's amount). */
  total: number;
  /** Where Stripe sends the shopper back after a payment method that leaves the page (3-D Secure, bank redirects). */
  returnUrl: string;
  /** The payment was confirmed in the page: the order waits for Stripe's word, the confirmation page shows it. */
  onConfirmed: () => void;
  /** The payment did not go through (declined, or Stripe unreachable): the order's page says what became of it. */
  onFailed: (message: string) => void;
}

const FAILED = "The payment did not go through.";
export const STRIPE_UNREACHABLE =
  "The card form could not be loaded: Stripe could not be reached. Your order is kept for a while; nothing was charged.";

function CardPaymentForm({ total, returnUrl, onConfirmed, onFailed }: Omit<CardPaymentProps, "payment">) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || paying) return;
    setPaying(true);
    setError(null);
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: returnUrl },
      redirect: "if_required",
    });
    setPaying(false);
    if (!result.error) {
      onConfirmed();
      return;
    }
    // A mistake in the form (an incomplete number) can be put right here; anything else ended this try.
    if (result.error.type === "validation_error") setError(result.error.message ?? FAILED);
    else onFailed(result.error.message ?? FAILED);
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Card payment" className="flex flex-col gap-4">
      <PaymentElement />
      {error && (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" disabled={!stripe || !elements || paying}>
        {paying ? (
          <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
        ) : (
          <LockIcon aria-hidden="true" />
        )}
        Pay {formatMoney(total)}
      </Button>
    </form>
  );
}

/** The Payment Element for one order's PaymentIntent, and its 'Pay' button. */
export default function CardPayment({ payment, ...form }: CardPaymentProps) {
  const [stripe] = useState(() => stripeFor(payment.publishableKey));
  const onFailed = useRef(form.onFailed);
  useLayoutEffect(() => {
    onFailed.current = form.onFailed;
  });
  useEffect(() => {
    let current = true;
    stripe.then(
      (loadedStripe) => {
        if (current && !loadedStripe) onFailed.current(STRIPE_UNREACHABLE);
      },
      () => {
        if (current) onFailed.current(STRIPE_UNREACHABLE);
      },
    );
    return () => {
      current = false;
    };
  }, [stripe]);
  return (
    <Elements
      stripe={stripe}
      options={{ clientSecret: payment.clientSecret, appearance: { theme: "stripe" } }}
    >
      <CardPaymentForm {...form} />
    </Elements>
  );
}
