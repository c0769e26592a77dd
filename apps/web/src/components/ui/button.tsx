import { cva, type VariantProps } from "class-variance-authority";
import { type ComponentProps, cloneElement, isValidElement, type ReactElement } from "react";
import { cn } from "@/lib/cn";

export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/90",
        brand: "bg-brand text-brand-foreground shadow-sm hover:bg-brand/90",
        destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90",
        outline: "border border-input bg-background shadow-xs hover:bg-accent hover:text-accent-foreground",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "h-9 px-4 py-2",
        sm: "h-8 rounded-md px-3 text-xs",
        lg: "h-10 rounded-md px-6",
        icon: "size-9",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (e.g. a router Link) with the button's look. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  if (asChild) {
    return withProps(props.children, {
      ...props,
      className: cn(buttonVariants({ variant, size }), className),
    });
  }
  return (
    <button type={type ?? "button"} className={cn(buttonVariants({ variant, size }), className)} {...props} />
  );
}

type AnyProps = Record<string, unknown>;

/**
 * `asChild`: the one child element rendered with the button's props (Radix's Slot, reduced to what
 * the app passes, so that it is no script of a first page; docs/decisions/0032). The child's own
 * props win, except that classes are joined and both event handlers run (the child's first).
 */
function withProps(child: ComponentProps<"button">["children"], { children: _, ...slotProps }: AnyProps) {
  if (!isValidElement(child)) return null;
  const element = child as ReactElement<AnyProps>;
  const own = element.props;
  const merged: AnyProps = { ...slotProps, ...own };
  for (const key of Object.keys(slotProps)) {
    const slotValue = slotProps[key];
    const ownValue = own[key];
    if (/^on[A-Z]/.test(key) && typeof slotValue === "function" && typeof ownValue === "function") {
      merged[key] = (...args: unknown[]) => {
        ownValue(...args);
        slotValue(...args);
      };
    }
  }
  merged.className = cn(slotProps.className as string | undefined, own.className as string | undefined);
  return cloneElement(element, merged);
}
