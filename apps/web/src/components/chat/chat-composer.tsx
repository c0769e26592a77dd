import { MAX_MESSAGE_LENGTH } from "@haggle/contract/negotiation";
import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";
import { SendHorizontalIcon } from "lucide-react";
import { type KeyboardEvent, type Ref, useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/cn";

export interface ChatComposerProps {
  value: string;
  onValueChange: (value: string) => void;
  /** Called with the text when the shopper sends (Enter or the button); never blank, never while pending. */
  onSend: (text: string) => void;
  /** Ava's reply is on its way: the box and the button wait. */
  isPending: boolean;
  /** Nothing can be sent (the conversation has not started, or it is over). */
  disabled?: boolean;
  placeholder: string;
  /** "sheet": one line, the label for screen readers only (the assistant's panel); "page": a labelled box with its keyboard hint. */
  size?: "sheet" | "page";
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/** Whether the text can go: not blank after trimming, no reply pending, the chat open. */
export function canSendMessage(text: string, isPending: boolean, disabled = false): boolean {
  return !isPending && !disabled && text.trim() !== "";
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
}

/**
 * The message box of a conversation with Ava (the shopping assistant and the negotiation):
 * Enter sends, Shift+Enter starts a new line; nothing is sent blank or while she replies, and
 * the box has its focus back once she has.
 */
export function ChatComposer({
  value,
  onValueChange,
  onSend,
  isPending,
  disabled = false,
  placeholder,
  size = "page",
  textareaRef,
}: ChatComposerProps) {
  const id = useId();
  const hintId = useId();
  const box = useRef<HTMLTextAreaElement | null>(null);
  const refocus = useRef(false);
  const canSend = canSendMessage(value, isPending, disabled);
  const page = size === "page";

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
      className={cn("flex items-end gap-2 border-t p-3", page ? "sm:p-4" : "bg-background")}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className={cn("flex min-w-0 flex-1 flex-col", page ? "gap-1.5" : "gap-1")}>
        <Label htmlFor={id} className={page ? undefined : "sr-only"}>{`Message ${ASSISTANT_NAME}`}</Label>
        <Textarea
          id={id}
          ref={(node) => {
            box.current = node;
            setRef(textareaRef, node);
          }}
          rows={page ? 2 : 1}
          value={value}
          maxLength={MAX_MESSAGE_LENGTH}
          disabled={isPending || disabled}
          aria-describedby={page ? hintId : undefined}
          placeholder={isPending ? `${ASSISTANT_NAME} is replying…` : placeholder}
          onChange={(event) => onValueChange(event.target.value)}
          onKeyDown={onKeyDown}
          className={cn("field-sizing-content resize-none", page ? "max-h-40 min-h-16" : "max-h-32 min-h-10")}
        />
        {page && (
          <p id={hintId} className="text-xs text-muted-foreground">
            Enter to send, Shift+Enter for a new line
          </p>
        )}
      </div>
      <Button
        type="submit"
        size="icon"
        className={cn("size-10", page ? "mb-6" : "rounded-full")}
        disabled={!canSend}
        aria-label="Send message"
      >
        <SendHorizontalIcon aria-hidden="true" />
      </Button>
    </form>
  );
}
