import { lazy, Suspense, useEffect, useState } from "react";
import { isToastWanted, onToastWanted, toasterMounted } from "@/lib/toast";
import { useMediaQuery } from "@/lib/use-media-query";

const Toaster = lazy(() =>
  import("sonner").then(({ Toaster: SonnerToaster, toast }) => ({
    default: function ShopToaster() {
      useEffect(() => toasterMounted(toast), []);
      // A phone has no room beside the page's top: a toast there hid the product it spoke of (its
      // brand line). It comes from the bottom instead, above the floating assistant button.
      const isPhone = useMediaQuery("(max-width: 639px)");
      // Below the sticky header (4rem), so toasts never cover the cart badge or account menu;
      // centred, so they never cover a page's own actions, which sit at its right ('Add New
      // Product' right after 'Product created' was under the toast for its whole life).
      return (
        <SonnerToaster
          richColors
          closeButton
          position={isPhone ? "bottom-center" : "top-center"}
          offset={{ top: 76 }}
          mobileOffset={{ bottom: 88 }}
        />
      );
    },
  })),
);

/** sonner's Toaster, loaded and mounted when the first toast is asked for (lib/toast.ts). */
export function LazyToaster() {
  const [wanted, setWanted] = useState(isToastWanted);
  useEffect(() => {
    if (isToastWanted()) setWanted(true);
    return onToastWanted(() => setWanted(true));
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
