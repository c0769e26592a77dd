import { MAX_MESSAGE_LENGTH } from "@haggle/contract/negotiation";
import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";
import { SendHorizontalIcon } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

interface NegotiationComposerProps {
  value: string;
  onValueChange: (value: string) => void;
  /** Called with the text when the shopper sends (Enter or the button); never blank, never while pending. */
  onSend: (text: string) => void;
  /** Ava's reply is on its way: the box and the button wait. */
  isPending: boolean;
  /** Nothing can be sent (the negotiation has not started, or it is over). */
  disabled?: boolean;
  placeholder?: string;
}

/** Whether the text can go: not blank after trimming, no reply pending, the chat open. */
export function canSendMessage(text: string, isPending: boolean, disabled = false): boolean {
  return !isPending && !disabled && text.trim() !== "";
}

/** The message box: Enter sends, Shift+Enter starts a new line. */
export function NegotiationComposer({
  value,
  onValueChange,
  onSend,
  isPending,
  disabled = false,
  placeholder = "Ask Ava for a better price…",
}: NegotiationComposerProps) {
  const id = useId();
  const hintId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const refocus = useRef(false);
  const canSend = canSendMessage(value, isPending, disabled);

  // The box is disabled while Ava replies, which drops its focus: give it back afterwards.
  useEffect(() => {
    if (isPending || disabled || !refocus.current) return;
    refocus.current = false;
    box.current?.focus();
  }, [isPending, disabled]);

  const submit = () => {
    if (!canSend) return;
    refocus.current = document.activeElement === box.current;
    onSend(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While composing with an input method, Enter picks a candidate; it does not send.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="flex items-end gap-2 border-t p-3 sm:p-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <Label htmlFor={id}>{`Message ${ASSISTANT_NAME}`}</Label>
        <Textarea
          id={id}
          ref={box}
          rows={2}
          value={value}
          maxLength={MAX_MESSAGE_LENGTH}
          disabled={isPending || disabled}
          aria-describedby={hintId}
          placeholder={isPending ? `${ASSISTANT_NAME} is replying…` : placeholder}
          onChange={(event) => onValueChange(event.target.value)}
          onKeyDown={onKeyDown}
          className="field-sizing-content max-h-40 min-h-16 resize-none"
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          Enter to send, Shift+Enter for a new line
        </p>
      </div>
      <Button
        type="submit"
        size="icon"
        className="mb-6 size-10"
        disabled={!canSend}
        aria-label="Send message"
      >
        <SendHorizontalIcon aria-hidden="true" />
      </Button>
    </form>
  );
}
