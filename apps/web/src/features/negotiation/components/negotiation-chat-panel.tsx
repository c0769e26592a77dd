import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";
import { ChatComposer } from "@/components/chat/chat-composer";
import {
  CheckCircle2Icon,
  HandshakeIcon,
  HourglassIcon,
  LoaderCircleIcon,
  MessageSquareTextIcon,
} from "lucide-react";
import { type ReactNode, type UIEvent, useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { type NegotiationChatMessage, replyAnnouncement } from "../lib/negotiation-chat";
import { NegotiationMessageBubble } from "./negotiation-message-bubble";

/** How far above the bottom the shopper may scroll and still be followed as a reply grows. */
const STICK_DISTANCE = 80;

interface NegotiationChatPanelProps {
  messages: NegotiationChatMessage[];
  isPending: boolean;
  draft: string;
  onDraftChange: (draft: string) => void;
  onSend: (text: string) => void;
  /** The negotiation is being started; the box waits for it. */
  isStarting: boolean;
  /** Starting failed: a way to try again. */
  startFailed: boolean;
  onRetryStart: () => void;
  /** A manager is deciding an escalated ask. */
  approvalPending: boolean;
  showAccept: boolean;
  isAccepting: boolean;
  onAccept: () => void;
  /** The offer is applied: the negotiation is over. */
  applied: boolean;
}

function EmptyHint() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 px-4 py-10 text-center">
      <MessageSquareTextIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">Start negotiating to get the best price!</p>
      <p className="text-sm text-muted-foreground">Try asking about discounts or special offers.</p>
    </div>
  );
}

function Notice({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
      {icon}
      {children}
    </p>
  );
}

/**
 * Keeps the conversation scrolled to its end as it grows, unless the shopper scrolled up to
 * read; sending follows it again.
 */
function useFollowConversation(messages: NegotiationChatMessage[]) {
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the conversation whenever it changes.
  useEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    stick.current = el.scrollHeight - el.clientHeight - el.scrollTop <= STICK_DISTANCE;
  };
  const follow = () => {
    stick.current = true;
  };
  return { scroller, onScroll, follow };
}

/** What the message box says while it cannot be used (none when it can). */
function composerPlaceholder(
  isStarting: boolean,
  startFailed: boolean,
  applied: boolean,
): string | undefined {
  if (isStarting) return `Connecting you with ${ASSISTANT_NAME}…`;
  if (startFailed) return "The negotiation could not be started";
  if (applied) return "This negotiation is complete";
  return undefined;
}

/** The chat: the conversation (following new text), the accept button and the message box. */
export function NegotiationChatPanel(props: NegotiationChatPanelProps) {
  const { messages, isPending, draft, onDraftChange, onSend, isStarting, startFailed, applied } = props;
  const { scroller, onScroll, follow } = useFollowConversation(messages);

  const send = (text: string) => {
    follow();
    onSend(text);
  };

  const placeholder = composerPlaceholder(isStarting, startFailed, applied);

  return (
    <Card role="region" className="min-w-0 overflow-hidden" aria-labelledby="negotiation-chat-heading">
      <ChatHeader />

      <div
        ref={scroller}
        className="h-[24rem] overflow-x-hidden overflow-y-auto overscroll-contain px-3 py-4 sm:px-4 lg:h-[28rem]"
        onScroll={onScroll}
      >
        {messages.length === 0 ? (
          <EmptyHint />
        ) : (
          <ol aria-label="Negotiation messages" className="flex flex-col gap-3">
            {messages.map((message) => (
              <NegotiationMessageBubble key={message.id} message={message} />
            ))}
          </ol>
        )}
      </div>

      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {replyAnnouncement(messages, isPending)}
      </div>

      <NegotiationActions {...props} />

      <ChatComposer
        value={draft}
        onValueChange={onDraftChange}
        onSend={send}
        isPending={isPending}
        disabled={isStarting || startFailed || applied}
        placeholder={placeholder ?? `Ask ${ASSISTANT_NAME} for a better price…`}
      />
    </Card>
  );
}

function ChatHeader() {
  return (
    <div className="flex items-center gap-2 border-b px-4 py-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand text-brand-foreground">
        <HandshakeIcon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <h2 id="negotiation-chat-heading" className="leading-tight font-semibold">
          {`Chat with ${ASSISTANT_NAME}`}
        </h2>
        <p className="text-xs text-muted-foreground">Your AI negotiator</p>
      </div>
    </div>
  );
}

/** Under the conversation: trying again, the manager's pending answer, the applied offer, the accept button. */
function NegotiationActions({
  isPending,
  startFailed,
  onRetryStart,
  approvalPending,
  showAccept,
  isAccepting,
  onAccept,
  applied,
}: NegotiationChatPanelProps) {
  if (!(startFailed || approvalPending || applied || showAccept)) return null;
  return (
    <div className="flex flex-col gap-2 border-t px-3 py-3 sm:px-4">
      {startFailed && (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span>The negotiation could not be started.</span>
          <Button size="sm" variant="outline" onClick={onRetryStart}>
            Try again
          </Button>
        </div>
      )}
      {approvalPending && !applied && (
        <Notice icon={<HourglassIcon className="size-4 shrink-0" aria-hidden="true" />}>
          {`${ASSISTANT_NAME} is checking with the manager. The answer will appear here.`}
        </Notice>
      )}
      {applied && (
        <Notice icon={<CheckCircle2Icon className="size-4 shrink-0 text-brand" aria-hidden="true" />}>
          The offer is applied to your cart. Review it below and check out.
        </Notice>
      )}
      {showAccept && (
        <Button
          variant="brand"
          size="lg"
          className="w-full whitespace-normal"
          onClick={onAccept}
          // A reply on its way may bring a new offer: accept the one it ends with.
          disabled={isAccepting || isPending}
        >
          {isAccepting ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <CheckCircle2Icon aria-hidden="true" />
          )}
          Accept Offer &amp; Apply to Cart
        </Button>
      )}
    </div>
  );
}
