import { MAX_MESSAGE_LENGTH } from "@haggle/contract/negotiation";
import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";
import { SendHorizontalIcon } from "lucide-react";
import { type KeyboardEvent, type Ref, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

interface AssistantComposerProps {
  /** Returns false when the message was not taken (blank, or a reply is pending): the text stays. */
  onSend: (text: string) => boolean;
  isPending: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/** The message box: Enter sends, Shift+Enter starts a new line; nothing is sent blank or while Ava replies. */
export function AssistantComposer({ onSend, isPending, textareaRef }: AssistantComposerProps) {
  const id = useId();
  const [text, setText] = useState("");
  const canSend = !isPending && text.trim() !== "";

  const submit = () => {
    if (!canSend) return;
    if (onSend(text)) setText("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While composing with an input method, Enter picks a candidate; it does not send.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="flex items-end gap-2 border-t bg-background p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Label htmlFor={id} className="sr-only">
          {`Message ${ASSISTANT_NAME}`}
        </Label>
        <Textarea
          id={id}
          ref={textareaRef}
          rows={1}
          value={text}
          maxLength={MAX_MESSAGE_LENGTH}
          disabled={isPending}
          placeholder={isPending ? `${ASSISTANT_NAME} is replying…` : "Ask for a product, brand or budget…"}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="field-sizing-content max-h-32 min-h-10 resize-none"
        />
      </div>
      <Button
        type="submit"
        size="icon"
        className="size-10 rounded-full"
        disabled={!canSend}
        aria-label="Send message"
      >
        <SendHorizontalIcon aria-hidden="true" />
      </Button>
    </form>
  );
}
