import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** A plain `<label>` (Radix's Label added only a script to keep double clicks from selecting text: `select-none` does it). */
export function Label({ className, ...props }: ComponentProps<"label">) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap their control
    <label
      className={cn(
        "text-sm leading-none font-medium select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
