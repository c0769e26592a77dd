import type { Product } from "@haggle/contract/products";
import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";
import { RotateCwIcon } from "lucide-react";
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

function TypingDots() {
  return (
    <span className="flex h-5 items-center gap-1" aria-hidden="true">
      <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.3s]" />
      <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.15s]" />
      <span className="size-1.5 animate-bounce rounded-full bg-muted-foreground" />
    </span>
  );
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
  const typing = message.streaming === true && message.content === "";

  return (
    <li
      data-role={message.role}
      className={cn("flex flex-col gap-2", mine ? "items-end" : "items-start")}
      aria-busy={message.streaming ? true : undefined}
    >
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap",
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
          message.content
        )}
      </div>
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
