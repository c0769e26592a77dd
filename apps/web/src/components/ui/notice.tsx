import { InfoIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** A sentence the page wants read, announced politely as a status (not an error). */
export function Notice({ className, children, ...props }: ComponentProps<"p">) {
  return (
    <p
      role="status"
      className={cn(
        "flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-300",
        className,
      )}
      {...props}
    >
      <InfoIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
