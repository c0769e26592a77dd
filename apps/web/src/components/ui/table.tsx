import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/**
 * A data table inside its own horizontal scroller, so a wide table never widens the page on a
 * phone. The scroller is in the tab order (tabIndex 0, with a visible ring): not every browser
 * makes a scroller focusable by itself, and a keyboard must be able to scroll it (WCAG 2.1.1,
 * axe's scrollable-region-focusable).
 */
export function Table({
  className,
  "aria-label": ariaLabel,
  ...props
}: ComponentProps<"table"> & { "aria-label": string }) {
  return (
    <div
      className="relative w-full overflow-x-auto rounded-xl border bg-card outline-none focus-visible:ring-2 focus-visible:ring-ring"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
    >
      <table aria-label={ariaLabel} className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("bg-muted/50 [&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b transition-colors hover:bg-muted/40", className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      className={cn(
        "h-10 px-3 text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-2.5 align-middle", className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption className={cn("py-3 text-sm text-muted-foreground", className)} {...props} />;
}
