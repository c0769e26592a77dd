import { MAX_TRY_MESSAGES, type TryAvaResponse, type TryAvaTurn } from "@haggle/contract/try-ava";
import { LOYALTY_TIERS, type LoyaltyTier, TIER_LABELS } from "@haggle/domain/negotiation/loyalty-tiers";
import { formatMoney } from "@haggle/domain/pricing/money";
import { formatPercentPoints } from "@haggle/domain/pricing/percent";
import { LoaderCircleIcon } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { tryAva } from "../../api/try-ava-api";
import type { ConfigSectionForm } from "../../hooks/config-section-form";
import { choicePaths } from "../../lib/config-fields";
import { fromFieldValues } from "../../lib/config-form";

/** The sections the page edits whose typed values differ from the saved ones, as the server reads a section. */
export function unsavedSections(forms: readonly ConfigSectionForm[]): Record<string, unknown> {
  const sections: Record<string, unknown> = {};
  for (const form of forms) {
    if (form.dirty) sections[form.configType] = fromFieldValues(form.values, choicePaths(form.configType));
  }
  return sections;
}

function offerText(offer: NonNullable<TryAvaTurn["offer"]>): string {
  const bundle = offer.newItems.map((n) => ` with ${n.name} added`).join("");
  return `Offer: ${formatPercentPoints(offer.discountPercent)} off (${formatMoney(offer.discountAmount)})${bundle}, total ${formatMoney(offer.total)}`;
}

/**
 * Try Ava: the merchant types as a shopper and sees her answers and offers under the settings on
 * the page, saved or not, on a sample cart. The whole conversation is replayed on each message
 * (so a changed setting applies to all of it); the server stores nothing.
 */
export function ConfigTryAva({ forms }: { forms: readonly ConfigSectionForm[] }) {
  const titleId = useId();
  const inputId = useId();
  const tierId = useId();
  const trial = useTryAva(forms);
  const { answer, error, pending } = trial;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="text-lg">
          Try Ava
        </CardTitle>
        <CardDescription>
          Type as a shopper to see how Ava answers with the settings on this page, saved or not, on a sample
          cart from your catalogue. Each message replays the whole conversation with the settings and tier as
          they are then. Nothing is stored and no shopper sees it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-2 sm:max-w-xs">
          <label htmlFor={tierId} className="text-sm font-medium">
            The shopper's loyalty tier
          </label>
          <NativeSelect
            id={tierId}
            value={trial.tier}
            onChange={(event) => trial.setTier(event.target.value as LoyaltyTier)}
            disabled={pending}
          >
            {LOYALTY_TIERS.map((t) => (
              <option key={t} value={t}>
                {TIER_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {answer && (
          <p className="text-sm text-muted-foreground" data-testid="try-ava-cart">
            Sample cart:{" "}
            {answer.cart.items
              .map((i) => `${i.quantity} × ${i.name} (${formatMoney(i.unitPrice)})`)
              .join(", ")}
            ; subtotal {formatMoney(answer.cart.subtotal)}.
          </p>
        )}
        <ol aria-label="Conversation with Ava" aria-live="polite" className="flex flex-col gap-3">
          {answer?.turns.map((turn, i) => (
            // The conversation is replayed whole: a turn's place is its identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <TryAvaTurnItem key={i} turn={turn} />
          ))}
        </ol>
        {error !== null && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
          >
            {error}
          </p>
        )}
        <TryAvaComposer trial={trial} titleId={titleId} inputId={inputId} />
      </CardContent>
    </Card>
  );
}

/** The try's state: the tier, the message being typed, Ava's last answer; sending replays the whole conversation. */
function useTryAva(forms: readonly ConfigSectionForm[]) {
  const [tier, setTier] = useState<LoyaltyTier>("NONE");
  const [text, setText] = useState("");
  const [answer, setAnswer] = useState<TryAvaResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const sent = answer?.turns.map((t) => t.message) ?? [];
  const full = sent.length >= MAX_TRY_MESSAGES;

  async function send(messages: string[]) {
    setPending(true);
    setError(null);
    try {
      setAnswer(await tryAva({ settings: unsavedSections(forms), tier, messages }));
      setText("");
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Ava could not answer. Try again.");
    } finally {
      setPending(false);
      inputRef.current?.focus();
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (pending || full || message === "") return;
    void send([...sent, message]);
  };

  const startOver = () => {
    setAnswer(null);
    setError(null);
    setText("");
    inputRef.current?.focus();
  };

  return { tier, setTier, text, setText, answer, error, pending, inputRef, full, submit, startOver };
}

/** One message of the try and Ava's answer: her reply, her offer, the approval it would ask for. */
function TryAvaTurnItem({ turn }: { turn: TryAvaTurn }) {
  return (
    <li className="flex flex-col gap-2">
      <p className="self-end rounded-md bg-primary px-3 py-2 text-sm text-primary-foreground sm:max-w-[80%]">
        <span className="sr-only">You, as the shopper: </span>
        {turn.message}
      </p>
      <div className="flex flex-col gap-1 rounded-md bg-muted px-3 py-2 text-sm sm:max-w-[80%]">
        {turn.decision === "completed" ? (
          <p className="italic">{turn.reply}</p>
        ) : (
          <p>
            <span className="font-medium">Ava: </span>
            {turn.reply}
          </p>
        )}
        {turn.offer && <p className="font-medium">{offerText(turn.offer)}</p>}
        {turn.escalation && (
          <p className="font-medium text-amber-700 dark:text-amber-400">
            In the shop this asks you to approve {formatPercentPoints(turn.escalation.discountPercent)} off (
            {formatMoney(turn.escalation.discountAmount)}).
          </p>
        )}
      </div>
    </li>
  );
}

/** The shopper's message box, Send and Start over. */
function TryAvaComposer({
  trial,
  titleId,
  inputId,
}: {
  trial: ReturnType<typeof useTryAva>;
  titleId: string;
  inputId: string;
}) {
  const { pending, full } = trial;
  return (
    <form noValidate onSubmit={trial.submit} className="flex flex-col gap-2" aria-labelledby={titleId}>
      <label htmlFor={inputId} className="text-sm font-medium">
        Message as a shopper
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          ref={trial.inputRef}
          value={trial.text}
          onChange={(event) => trial.setText(event.target.value)}
          placeholder="Could you do 10% off?"
          maxLength={2000}
          disabled={full}
          autoComplete="off"
        />
        <div className="flex gap-2">
          <Button
            type="submit"
            disabled={pending || full}
            aria-busy={pending}
            className="flex-1 sm:flex-none"
          >
            {pending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
            Send
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={trial.startOver}
            disabled={pending || !trial.answer}
          >
            Start over
          </Button>
        </div>
      </div>
      {full && (
        <p className="text-sm text-muted-foreground">
          That is as long as a try goes ({MAX_TRY_MESSAGES} messages): start over to try again.
        </p>
      )}
    </form>
  );
}
