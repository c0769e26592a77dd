import { MAX_LINE_QUANTITY } from "@haggle/contract/limits";
import { MinusIcon, PlusIcon } from "@/components/icons/first-page-icons";
import { type KeyboardEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";

interface QuantityStepperProps {
  /** The product name, for the controls' labels ("Quantity of {name}"). */
  name: string;
  quantity: number;
  /** A change is on its way to the server: further changes wait (the controls keep focus). */
  busy: boolean;
  /** 0 removes the line. */
  onChange: (quantity: number) => void;
  className?: string;
}

/** Reads a typed quantity: a whole number from 0 to the line maximum, or null when it is not one. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  return Math.min(Number(trimmed), MAX_LINE_QUANTITY);
}

/** − / number / +. The number commits on Enter or when focus leaves; Escape puts the old one back. */
export function QuantityStepper({ name, quantity, busy, onChange, className }: QuantityStepperProps) {
  // null: not editing, show the server's quantity.
  const [draft, setDraft] = useState<string | null>(null);

  function commit() {
    if (draft === null) return;
    const next = parseQuantity(draft);
    setDraft(null);
    if (next !== null && next !== quantity && !busy) onChange(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      commit();
    } else if (event.key === "Escape") {
      setDraft(null);
    }
  }

  function step(delta: number) {
    if (busy) return;
    const next = quantity + delta;
    if (next < 1 || next > MAX_LINE_QUANTITY) return;
    onChange(next);
  }

  return (
    <div className={cn("flex items-center", className)}>
      <Button
        variant="outline"
        size="icon"
        className="rounded-r-none"
        aria-label={`Decrease quantity of ${name}`}
        disabled={quantity <= 1}
        aria-disabled={busy || undefined}
        onClick={() => step(-1)}
      >
        <MinusIcon aria-hidden="true" />
      </Button>
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_LINE_QUANTITY}
        step={1}
        aria-label={`Quantity of ${name}`}
        value={draft ?? String(quantity)}
        readOnly={busy}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        className="h-9 w-12 border-y border-input bg-background text-center text-sm tabular-nums outline-none [appearance:textfield] focus-visible:relative focus-visible:z-10 focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
      />
      <Button
        variant="outline"
        size="icon"
        className="rounded-l-none"
        aria-label={`Increase quantity of ${name}`}
        disabled={quantity >= MAX_LINE_QUANTITY}
        aria-disabled={busy || undefined}
        onClick={() => step(1)}
      >
        <PlusIcon aria-hidden="true" />
      </Button>
    </div>
  );
}
