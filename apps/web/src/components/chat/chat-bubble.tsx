import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";
import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

function TypingDots() {
  return (
    <span className="flex h-5 items-center gap-1" aria-hidden="true">
      <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.3s]" />
      <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.15s]" />
      <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground" />
    </span>
  );
}

interface ChatBubbleProps extends HTMLAttributes<HTMLDivElement> {
  /** The shopper's message (right, primary colours); else Ava's (left, muted). */
  mine: boolean;
  text: string;
  /** Ava's reply is still arriving: with no text yet, the bubble shows her typing. */
  streaming?: boolean;
}

/**
 * One message's bubble in a conversation with Ava. The text is rendered as text (React escapes
 * it), never as HTML; screen readers hear who says it ("You:", "Ava:") and that she is typing.
 */
export function ChatBubble({ mine, text, streaming = false, className, ...rest }: ChatBubbleProps) {
  const typing = streaming && text === "";
  return (
    <div
      {...rest}
      className={cn(
        "min-w-0 rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap",
        mine ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm bg-muted text-foreground",
        className,
      )}
    >
      <span className="sr-only">{mine ? "You: " : `${ASSISTANT_NAME}: `}</span>
      {typing ? (
        <>
          <span className="sr-only">{`${ASSISTANT_NAME} is typing`}</span>
          <TypingDots />
        </>
      ) : (
        text
      )}
    </div>
  );
}
