import type { Product } from "@haggle/contract/products";
import { MessageCircleIcon, XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { useAssistantChat } from "../hooks/use-assistant-chat";
import { useMediaQuery } from "@/lib/use-media-query";
import { AssistantPanel } from "./assistant-panel";
import { LAUNCHER_CLASS } from "./assistant-launcher-button";

/** Below Tailwind's `sm`: the panel becomes a full-width sheet over the page. */
const PHONE_QUERY = "(max-width: 639px)";

interface ShoppingAssistantProps {
  onAddToCart: (product: Product) => void;
  /** The shopper clicked the launcher before this code had loaded: start open, focus the box. */
  openAtStart?: boolean;
}

/**
 * The floating chat button (bottom right, every page) and Ava's panel. On wider screens the panel
 * is a non-modal dialog: the page stays usable beside it. On phones it is a modal sheet.
 * Escape or the close button closes it and focus returns to the button.
 */
export function ShoppingAssistant({ onAddToCart, openAtStart = false }: ShoppingAssistantProps) {
  const chat = useAssistantChat({ openAtStart });
  const isPhone = useMediaQuery(PHONE_QUERY);
  const textarea = useRef<HTMLTextAreaElement>(null);
  // A panel restored open by a reload must not pull focus away from the page.
  const skipAutoFocus = useRef(chat.restoredOpen);
  const wasPending = useRef(chat.isPending);

  // The message box is disabled while Ava replies, which drops its focus: give it back.
  useEffect(() => {
    const finished = wasPending.current && !chat.isPending;
    wasPending.current = chat.isPending;
    if (!finished || !chat.open) return;
    const active = document.activeElement;
    if (active === null || active === document.body) textarea.current?.focus();
  }, [chat.isPending, chat.open]);

  const { setOpen } = chat;
  const closeOnPhone = () => {
    if (isPhone) setOpen(false);
  };

  return (
    <DialogPrimitive.Root open={chat.open} onOpenChange={setOpen} modal={isPhone}>
      <DialogPrimitive.Trigger asChild>
        <Button
          size="icon"
          variant="brand"
          className={LAUNCHER_CLASS}
          aria-label={chat.open ? "Close shopping assistant" : "Open shopping assistant"}
        >
          {chat.open ? <XIcon aria-hidden="true" /> : <MessageCircleIcon aria-hidden="true" />}
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content
          className="fixed inset-x-0 bottom-0 z-50 flex h-[calc(100dvh-2rem)] w-full flex-col overflow-hidden rounded-t-2xl border bg-background text-foreground shadow-xl outline-none sm:inset-x-auto sm:right-6 sm:bottom-24 sm:h-[min(40rem,calc(100dvh-11rem))] sm:w-[28rem] sm:rounded-2xl"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            if (skipAutoFocus.current) {
              skipAutoFocus.current = false;
              return;
            }
            textarea.current?.focus();
          }}
          onInteractOutside={(event) => {
            // Beside the page (not on phones), clicking the page must not close the chat.
            if (!isPhone) event.preventDefault();
          }}
        >
          <AssistantPanel
            messages={chat.messages}
            isPending={chat.isPending}
            onSend={chat.send}
            onRetry={chat.retry}
            onReset={chat.reset}
            onAddToCart={onAddToCart}
            onNavigate={closeOnPhone}
            textareaRef={textarea}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
