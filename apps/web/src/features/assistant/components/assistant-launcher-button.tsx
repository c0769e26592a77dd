import { MessageCircleIcon } from "@/components/icons/first-page-icons";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";

/**
 * The floating round button, bottom right: the same look before and after the panel's code loads.
 * On a phone it sits inside the strip below (8 px above the safe area), so it covers nothing.
 */
export const LAUNCHER_CLASS =
  "fixed right-4 bottom-[calc(0.5rem+env(safe-area-inset-bottom))] z-40 size-14 rounded-full shadow-lg sm:right-6 sm:bottom-6 [&_svg:not([class*='size-'])]:size-6";

/**
 * Phones only: an opaque strip across the screen's bottom that holds the button, as an app's
 * bottom bar does. A floating button over a 360 px page always lands on some row's control (the
 * second card's Add to Cart as the catalogue opens); with the strip, the page simply ends above it
 * and scrolls under it (the page's scroll padding and the footer's padding are taller). Desktop
 * keeps the button floating in the wide margin.
 */
export function AssistantLauncherStrip() {
  return (
    <div
      aria-hidden="true"
      data-assistant-strip=""
      className="fixed inset-x-0 bottom-0 z-30 h-[calc(4.5rem+env(safe-area-inset-bottom))] border-t bg-background sm:hidden"
    />
  );
}

/** The closed launcher, drawn by the main bundle until the assistant's code is there. */
export function AssistantLauncherButton(props: ComponentProps<"button">) {
  return (
    <Button
      size="icon"
      variant="brand"
      className={LAUNCHER_CLASS}
      aria-label="Open shopping assistant"
      {...props}
    >
      <MessageCircleIcon aria-hidden="true" />
    </Button>
  );
}
