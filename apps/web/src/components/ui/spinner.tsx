import { LoaderCircleIcon } from "@/components/icons/first-page-icons";
import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** A spinning loader announced as a status; pass aria-label to say what is loading. */
export function Spinner({ className, "aria-label": ariaLabel = "Loading", ...props }: ComponentProps<"div">) {
  return (
    <div
      role="status"
      aria-label={ariaLabel}
      className={cn("flex items-center justify-center", className)}
      {...props}
    >
      <LoaderCircleIcon className="size-8 animate-spin text-muted-foreground" aria-hidden="true" />
    </div>
  );
}
