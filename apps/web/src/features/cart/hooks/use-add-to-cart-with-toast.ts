import type { Product } from "@haggle/contract/products";
import { useCallback } from "react";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/error-message";
import { useCart } from "./use-cart";

/** Adds a product to the cart and says so in a toast (or says why it could not). */
export function useAddToCartWithToast() {
  const { addToCart } = useCart();
  return useCallback(
    (product: Product, quantity = 1): Promise<boolean> =>
      addToCart(product, quantity).then(
        () => {
          toast.success("Added to cart", { description: `${product.name} has been added to your cart.` });
          return true;
        },
        (error: unknown) => {
          toast.error(errorMessage(error, "Could not add to cart. Please try again."));
          return false;
        },
      ),
    [addToCart],
  );
}
