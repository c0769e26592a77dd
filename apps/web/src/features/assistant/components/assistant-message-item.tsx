import type { Product } from "@haggle/contract/products";
import { RotateCwIcon } from "lucide-react";
import { ChatBubble } from "@/components/chat/chat-bubble";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { AssistantMessage } from "../lib/assistant-chat";
import { ProductCarousel } from "./product-carousel";

interface AssistantMessageItemProps {
  message: AssistantMessage;
  onAddToCart: (product: Product) => void;
  onNavigate?: () => void;
  /** Given only for the failed last message, unless a reply is pending. */
  onRetry?: () => void;
}

/** One turn: the shopper's on the right, Ava's on the left with its carousel. Text is never parsed as HTML. */
export function AssistantMessageItem({
  message,
  onAddToCart,
  onNavigate,
  onRetry,
}: AssistantMessageItemProps) {
  const mine = message.role === "user";
  const products = message.products ?? [];

  return (
    <li
      data-role={message.role}
      className={cn("flex flex-col gap-2", mine ? "items-end" : "items-start")}
      aria-busy={message.streaming ? true : undefined}
    >
      <ChatBubble
        mine={mine}
        text={message.content}
        streaming={message.streaming === true}
        className="max-w-[85%]"
      />
      {mine && message.failed && (
        <p className="flex items-center gap-2 text-xs text-destructive">
          Not sent.
          {onRetry && (
            <Button variant="outline" size="sm" className="h-7 px-2" onClick={onRetry}>
              <RotateCwIcon aria-hidden="true" />
              Retry
            </Button>
          )}
        </p>
      )}
      {!mine && products.length > 0 && (
        <ProductCarousel products={products} onAddToCart={onAddToCart} onNavigate={onNavigate} />
      )}
    </li>
  );
}
