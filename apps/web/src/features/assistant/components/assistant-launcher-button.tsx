import { MessageCircleIcon } from "@/components/icons/first-page-icons";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";

/** The floating round button, bottom right: the same look before and after the panel's code loads. */
export const LAUNCHER_CLASS =
  "fixed right-4 bottom-4 z-40 size-14 rounded-full shadow-lg sm:right-6 sm:bottom-6 [&_svg:not([class*='size-'])]:size-6";

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
