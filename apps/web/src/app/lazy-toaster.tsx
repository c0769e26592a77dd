import { lazy, Suspense, useEffect, useState } from "react";
import { isToastWanted, onToastWanted, toasterMounted } from "@/lib/toast";

const Toaster = lazy(() =>
  import("sonner").then(({ Toaster: SonnerToaster, toast }) => ({
    default: function ShopToaster() {
      useEffect(() => toasterMounted(toast), []);
      // Below the sticky header (4rem), so toasts never cover the cart badge or account menu;
      // centred, so they never cover a page's own actions, which sit at its right ('Add New
      // Product' right after 'Product created' was under the toast for its whole life).
      return (
        <SonnerToaster
          richColors
          closeButton
          position="top-center"
          offset={{ top: 76 }}
          mobileOffset={{ top: 72 }}
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
