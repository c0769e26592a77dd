import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";
import { BotIcon, UserIcon } from "lucide-react";
import { cn } from "@/lib/cn";
import { displayText, type NegotiationChatMessage } from "../lib/negotiation-chat";

function TypingDots() {
  return (
    <span className="flex h-5 items-center gap-1" aria-hidden="true">
      <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.3s]" />
      <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.15s]" />
      <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground" />
    </span>
  );
}

/**
 * One message: the shopper's on the right, Ava's on the left. The text is rendered as text
 * (React escapes it), never as HTML, and Ava's hidden result block is never shown.
 */
export function NegotiationMessageBubble({ message }: { message: NegotiationChatMessage }) {
  const mine = message.role === "user";
  const text = mine ? message.content : displayText(message);
  const typing = message.streaming === true && text === "";
  const Icon = mine ? UserIcon : BotIcon;

  return (
    <li
      data-role={message.role}
      className={cn("flex items-end gap-2", mine && "flex-row-reverse")}
      aria-busy={message.streaming ? true : undefined}
    >
      <span
        className={cn(
          "flex size-7 shrink-0 items-center justify-center rounded-full",
          mine ? "bg-primary text-primary-foreground" : "bg-brand/15 text-brand",
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div
        data-testid="negotiation-bubble"
        className={cn(
          "max-w-[80%] min-w-0 rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap",
          mine
            ? "rounded-br-sm bg-primary text-primary-foreground"
            : "rounded-bl-sm bg-muted text-foreground",
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
    </li>
  );
}
