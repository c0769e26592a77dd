import type { Product } from "@haggle/contract/products";
import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";
import { SparklesIcon, SquarePenIcon, XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { type Ref, type UIEvent, useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { type AssistantMessage, GREETING_ID, onlyGreeting, SUGGESTED_PROMPTS } from "../lib/assistant-chat";
import { AssistantComposer } from "./assistant-composer";
import { AssistantMessageItem } from "./assistant-message-item";

interface AssistantPanelProps {
  messages: AssistantMessage[];
  isPending: boolean;
  onSend: (text: string) => boolean;
  onRetry: () => void;
  onReset: () => void;
  onAddToCart: (product: Product) => void;
  /** Called when the shopper follows a product link. */
  onNavigate?: () => void;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/** What screen readers hear once a reply is complete: its words and how many products it shows. */
export function replyAnnouncement(messages: readonly AssistantMessage[], isPending: boolean): string {
  if (isPending) return "";
  const last = messages.at(-1);
  if (last?.role !== "assistant" || last.id === GREETING_ID) return "";
  const count = last.products?.length ?? 0;
  const products = count === 0 ? "" : ` ${count === 1 ? "1 product" : `${count} products`} shown.`;
  return `${ASSISTANT_NAME}: ${last.content}${products}`;
}

/** How far above the followed position the shopper may scroll and still be followed. */
const STICK_DISTANCE = 64;

/**
 * Where the conversation scrolls as a reply grows: to the bottom, but never so far that the
 * shopper's latest question leaves the top of the view (a tall carousel would push it out).
 */
function followScrollTop(scroller: HTMLElement): number {
  const bottom = scroller.scrollHeight - scroller.clientHeight;
  const questions = scroller.querySelectorAll<HTMLElement>('ol > li[data-role="user"]');
  const question = questions[questions.length - 1];
  if (!question) return bottom;
  return Math.max(0, Math.min(bottom, question.offsetTop - 12));
}

/**
 * Keeps the latest question and the reply growing under it in view, unless the shopper scrolled
 * up past it; sending follows again.
 */
function useFollowReply(messages: AssistantMessage[]) {
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the conversation whenever it changes.
  useEffect(() => {
    const el = scroller.current;
    if (!el || !stick.current) return;
    // Only ever forward: a shopper who already scrolled further down is not pulled back up.
    const target = followScrollTop(el);
    if (target > el.scrollTop) el.scrollTop = target;
  }, [messages]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    // Scrolling up past the latest question stops the following; coming back resumes it.
    stick.current = el.scrollTop >= followScrollTop(el) - STICK_DISTANCE;
  };
  const follow = () => {
    stick.current = true;
  };
  return { scroller, onScroll, follow };
}

/** The panel's inside: title bar, conversation, suggested prompts, message box. Lives in a Dialog. */
export function AssistantPanel({
  messages,
  isPending,
  onSend,
  onRetry,
  onReset,
  onAddToCart,
  onNavigate,
  textareaRef,
}: AssistantPanelProps) {
  const { scroller, onScroll, follow } = useFollowReply(messages);
  const last = messages.at(-1);
  const showPrompts = onlyGreeting(messages) && !isPending;

  const send = (text: string) => {
    follow();
    return onSend(text);
  };

  return (
    <>
      <PanelTitleBar resetDisabled={isPending || onlyGreeting(messages)} onReset={onReset} />

      <div
        ref={scroller}
        className="relative min-h-0 flex-1 overflow-x-hidden overflow-y-auto overscroll-contain px-4 py-4"
        onScroll={onScroll}
      >
        <ol aria-label="Conversation" className="flex flex-col gap-4">
          {messages.map((message) => (
            <AssistantMessageItem
              key={message.id}
              message={message}
              onAddToCart={onAddToCart}
              onNavigate={onNavigate}
              onRetry={message === last && message.failed && !isPending ? onRetry : undefined}
            />
          ))}
        </ol>
        {showPrompts && <SuggestedPrompts onChoose={send} />}
      </div>

      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {replyAnnouncement(messages, isPending)}
      </div>

      <AssistantComposer onSend={send} isPending={isPending} textareaRef={textareaRef} />
    </>
  );
}

/** The dialog's title and description, a new conversation, and closing. */
function PanelTitleBar({ resetDisabled, onReset }: { resetDisabled: boolean; onReset: () => void }) {
  return (
    <div className="flex items-center gap-2 border-b px-4 py-3">
      <span className="hidden size-8 shrink-0 items-center justify-center rounded-full bg-brand text-brand-foreground min-[400px]:flex">
        <SparklesIcon className="size-4" aria-hidden="true" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        <DialogPrimitive.Title className="truncate text-base leading-tight font-semibold">
          {`${ASSISTANT_NAME} · Shopping assistant`}
        </DialogPrimitive.Title>
        <DialogPrimitive.Description className="truncate text-xs text-muted-foreground">
          Finds real products from our shop
        </DialogPrimitive.Description>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label="Start a new conversation"
        title="Start a new conversation"
        disabled={resetDisabled}
        onClick={onReset}
      >
        <SquarePenIcon aria-hidden="true" />
      </Button>
      <DialogPrimitive.Close asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label="Close shopping assistant">
          <XIcon aria-hidden="true" />
        </Button>
      </DialogPrimitive.Close>
    </div>
  );
}

/** The prompts offered before the first question; choosing one sends it. */
function SuggestedPrompts({ onChoose }: { onChoose: (prompt: string) => void }) {
  return (
    <fieldset className="mt-4 flex flex-col items-start gap-2">
      <legend className="mb-2 text-xs font-medium text-muted-foreground">Try asking</legend>
      {SUGGESTED_PROMPTS.map((prompt) => (
        <Button
          key={prompt}
          variant="outline"
          size="sm"
          className="h-auto rounded-full px-3 py-1.5 text-left whitespace-normal"
          onClick={() => onChoose(prompt)}
        >
          {prompt}
        </Button>
      ))}
    </fieldset>
  );
}
