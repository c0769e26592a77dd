import { splitNegotiationData } from "@haggle/contract/negotiation";
import { BotIcon, UserIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiRequestError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useNegotiationTranscript } from "../api/use-negotiation-transcript";

function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

function NoChat() {
  return <p className="py-8 text-center text-sm text-muted-foreground">No negotiation chat for this order</p>;
}

/**
 * A finished negotiation, read-only: the shopper's and Ava's messages as chat bubbles. Message
 * text is rendered as text (React escapes it), never as HTML.
 */
export function NegotiationTranscript({ negotiationId }: { negotiationId: string }) {
  const query = useNegotiationTranscript(negotiationId);

  if (query.isPending) return <Spinner aria-label="Loading the negotiation chat" className="py-8" />;
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404) return <NoChat />;
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center text-sm">
        <p>The negotiation chat could not be loaded.</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const messages = query.data.messages
    // Ava's stored replies still carry the hidden NEGOTIATION_DATA result block.
    .map((message) => ({ ...message, text: splitNegotiationData(message.content).display }))
    .filter((message) => message.text.trim() !== "");
  if (messages.length === 0) return <NoChat />;

  return (
    <ol className="flex max-h-96 flex-col gap-3 overflow-y-auto pr-1" aria-label="Negotiation messages">
      {messages.map((message, index) => {
        const mine = message.role === "user";
        const Icon = mine ? UserIcon : BotIcon;
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a finished transcript never reorders; messages carry no id
            key={index}
            className={cn("flex items-end gap-2", mine && "flex-row-reverse")}
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
              className={cn(
                "max-w-[80%] rounded-2xl px-3 py-2 text-sm",
                mine ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm bg-muted",
              )}
            >
              <p className="sr-only">{mine ? "You said:" : "Ava said:"}</p>
              <p className="break-words whitespace-pre-wrap">{message.text}</p>
              <p
                className={cn(
                  "mt-1 text-[0.6875rem]",
                  mine ? "text-primary-foreground/70" : "text-muted-foreground",
                )}
              >
                <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
