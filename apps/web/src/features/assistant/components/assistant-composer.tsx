import { type Ref, useState } from "react";
import { ChatComposer } from "@/components/chat/chat-composer";

interface AssistantComposerProps {
  /** Returns false when the message was not taken (blank, or a reply is pending): the text stays. */
  onSend: (text: string) => boolean;
  isPending: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/** The assistant's message box (the chat kit's, one line in the panel), holding what is typed until it is taken. */
export function AssistantComposer({ onSend, isPending, textareaRef }: AssistantComposerProps) {
  const [text, setText] = useState("");
  return (
    <ChatComposer
      size="sheet"
      value={text}
      onValueChange={setText}
      onSend={(message) => {
        if (onSend(message)) setText("");
      }}
      isPending={isPending}
      placeholder="Ask for a product, brand or budget…"
      textareaRef={textareaRef}
    />
  );
}
