import { BotIcon, UserIcon } from "lucide-react";
import { ChatBubble } from "@/components/chat/chat-bubble";
import { cn } from "@/lib/cn";
import { displayText, type NegotiationChatMessage } from "../lib/negotiation-chat";

/**
 * One message: the shopper's on the right, Ava's on the left, each with its icon, in the chat
 * kit's bubble; Ava's hidden result block is never shown.
 */
export function NegotiationMessageBubble({ message }: { message: NegotiationChatMessage }) {
  const mine = message.role === "user";
  const text = mine ? message.content : displayText(message);
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
      <ChatBubble
        data-testid="negotiation-bubble"
        mine={mine}
        text={text}
        streaming={message.streaming === true}
        className="max-w-[80%]"
      />
    </li>
  );
}
