import type { Cart } from "@haggle/contract/cart";
import { formatMoney } from "@haggle/domain/pricing/money";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/error-message";
import { cartQueryKey, enterDiscountCode, removeDiscountCode } from "../api/cart-api";

/** What the code on the cart does now, in words: its saving, or why it does not apply. */
export function codeLine(code: NonNullable<Cart["discountCode"]>): string {
  if (!code.applied) return code.message ?? `The code ${code.code} does not apply.`;
  const saving = code.freeShipping ? "free shipping" : `${formatMoney(code.discount)} off`;
  return `${code.code}: ${saving}.${code.message ? ` ${code.message}` : ""}`;
}

/** One discount code on the cart: a field to enter it, then what it does and a way to remove it. */
export function DiscountCodeEntry({ code }: { code: Cart["discountCode"] }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const fieldId = useId();
  const messageId = useId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: cartQueryKey });
  const enter = useMutation({
    mutationFn: (value: string) => enterDiscountCode(value),
    onSuccess: async () => {
      setText("");
      await refresh();
    },
  });
  const remove = useMutation({ mutationFn: removeDiscountCode, onSuccess: refresh });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) enter.mutate(text);
  };
  const error = enter.isError
    ? errorMessage(enter.error, "The code could not be checked. Please try again.")
    : null;
  return (
    <div className="flex flex-col gap-2" data-testid="discount-code">
      {code ? (
        <div className="flex items-start justify-between gap-2">
          <p
            role="status"
            className={code.applied ? "text-sm font-medium text-brand" : "text-sm text-destructive"}
            data-testid="discount-code-message"
          >
            {codeLine(code)}
          </p>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
            aria-label={`Remove the code ${code.code}`}
          >
            Remove
          </Button>
        </div>
      ) : null}
      <form onSubmit={submit} className="flex flex-col gap-1.5">
        <Label htmlFor={fieldId}>{code ? "Use another code" : "Discount code"}</Label>
        <div className="flex gap-2">
          <Input
            id={fieldId}
            value={text}
            autoComplete="off"
            autoCapitalize="characters"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? messageId : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" variant="outline" disabled={enter.isPending || !text.trim()}>
            Apply
          </Button>
        </div>
        {error ? (
          <p id={messageId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </form>
    </div>
  );
}
