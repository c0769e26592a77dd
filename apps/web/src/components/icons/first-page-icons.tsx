import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * The lucide icons a first page shows, drawn inline (lucide-react's runtime, `createLucideIcon`,
 * is ~1.6 KB gzip on every first page; docs/decisions/0032). Same paths and attributes as
 * lucide-react 1.x: a 24×24 stroke icon in the current colour, hidden from assistive technology
 * (all of them are decorative; pass `aria-hidden={false}` and a label for one that is not). Icons of later screens keep importing lucide-react.
 */
export type IconProps = ComponentProps<"svg">;

function icon(name: string, children: ReactNode) {
  function Icon({ className, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className={cn("lucide", `lucide-${name}`, className)}
        {...props}
      >
        {children}
      </svg>
    );
  }
  return Icon;
}

export const CheckIcon = icon("check", <path d="M20 6 9 17l-5-5" />);

export const ChevronDownIcon = icon("chevron-down", <path d="m6 9 6 6 6-6" />);

export const ChevronRightIcon = icon("chevron-right", <path d="m9 18 6-6-6-6" />);

export const ClipboardListIcon = icon(
  "clipboard-list",
  <>
    <rect width="8" height="4" x="8" y="2" rx="1" ry="1" />
    <path d="M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2" />
    <path d="M12 11h4" />
    <path d="M12 16h4" />
    <path d="M8 11h.01" />
    <path d="M8 16h.01" />
  </>,
);

export const HandCoinsIcon = icon(
  "hand-coins",
  <>
    <path d="M11 15h2a2 2 0 1 0 0-4h-3c-.6 0-1.1.2-1.4.6L3 17" />
    <path d="m7 21 1.6-1.4c.3-.4.8-.6 1.4-.6h4c1.1 0 2.1-.4 2.8-1.2l4.6-4.4a2 2 0 0 0-2.75-2.91l-4.2 3.9" />
    <path d="m2 16 6 6" />
    <circle cx="16" cy="9" r="2.9" />
    <circle cx="6" cy="5" r="3" />
  </>,
);

export const LoaderCircleIcon = icon("loader-circle", <path d="M21 12a9 9 0 1 1-6.219-8.56" />);

export const MessageCircleIcon = icon(
  "message-circle",
  <path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719" />,
);

export const MinusIcon = icon("minus", <path d="M5 12h14" />);

export const PackageSearchIcon = icon(
  "package-search",
  <>
    <path d="M12 22V12" />
    <path d="M20.27 18.27 22 20" />
    <path d="M21 10.498V8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.729l7 4a2 2 0 0 0 2 .001l.98-.559" />
    <path d="M3.29 7 12 12l8.71-5" />
    <path d="m7.5 4.27 8.997 5.148" />
    <circle cx="18.5" cy="16.5" r="2.5" />
  </>,
);

export const PlusIcon = icon(
  "plus",
  <>
    <path d="M5 12h14" />
    <path d="M12 5v14" />
  </>,
);

export const SearchIcon = icon(
  "search",
  <>
    <path d="m21 21-4.34-4.34" />
    <circle cx="11" cy="11" r="8" />
  </>,
);

export const ShoppingCartIcon = icon(
  "shopping-cart",
  <>
    <path d="m2.05 2.05 1.099-.028a1 1 0 0 1 1.008.815l2.69 14.347A1 1 0 0 0 7.83 18H18" />
    <path d="M4.563 5h16.435a1 1 0 0 1 .981 1.204l-1.026 6.226A2 2 0 0 1 18.962 14H6.25" />
    <circle cx="18" cy="20" r="2" />
    <circle cx="8" cy="20" r="2" />
  </>,
);

export const StoreIcon = icon(
  "store",
  <>
    <path d="M15 21v-5a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v5" />
    <path d="M17.774 10.31a1.12 1.12 0 0 0-1.549 0 2.5 2.5 0 0 1-3.451 0 1.12 1.12 0 0 0-1.548 0 2.5 2.5 0 0 1-3.452 0 1.12 1.12 0 0 0-1.549 0 2.5 2.5 0 0 1-3.77-3.248l2.889-4.184A2 2 0 0 1 7 2h10a2 2 0 0 1 1.653.873l2.895 4.192a2.5 2.5 0 0 1-3.774 3.244" />
    <path d="M4 10.95V19a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8.05" />
  </>,
);
