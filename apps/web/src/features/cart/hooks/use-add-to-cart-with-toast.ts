import type { Product } from "@haggle/contract/products";
import { variantName } from "@haggle/domain/catalog/variant-name";
import type { ChosenVariant } from "../lib/cart-lines";
import { useCallback } from "react";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/error-message";
import { useCart } from "./use-cart";

/** Adds a product to the cart and says so in a toast (or says why it could not). */
export function useAddToCartWithToast() {
  const { addToCart } = useCart();
  return useCallback(
    (product: Product, quantity = 1, variant?: ChosenVariant): Promise<boolean> =>
      addToCart(product, quantity, variant).then(
        () => {
          const name = variant
            ? variantName(product.name, variant.title ? [variant.title] : [])
            : product.name;
          toast.success("Added to cart", { description: `${name} has been added to your cart.` });
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
