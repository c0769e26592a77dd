import { moneyLabel } from "@haggle/domain/pricing/money";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** A labelled text input with an optional hint under it (the hint describes the input); "($)" in a label is the shop's currency sign. */
export function TextField(props: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  inputMode?: "decimal" | "numeric";
  autoCapitalize?: "characters";
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{moneyLabel(props.label)}</Label>
      <Input
        id={id}
        value={props.value}
        inputMode={props.inputMode}
        autoCapitalize={props.autoCapitalize}
        aria-describedby={props.hint ? hintId : undefined}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
      {props.hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}
