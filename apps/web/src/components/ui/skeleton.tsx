import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

/** A grey placeholder block where content is still loading; hidden from assistive technology. */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}
