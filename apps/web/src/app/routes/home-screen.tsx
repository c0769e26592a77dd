import type { Product } from "@haggle/contract/products";
import { useCallback } from "react";
import { toast } from "sonner";
import { useCart } from "@/features/cart/hooks/use-cart";
import { CatalogView } from "@/features/catalog/components/catalog-view";
import { errorMessage } from "@/lib/error-message";

export function HomeScreen() {
  const { addToCart } = useCart();
  const onAddToCart = useCallback(
    (product: Product) => {
      addToCart(product).then(
        () => toast.success("Added to cart", { description: `${product.name} has been added to your cart.` }),
        (error: unknown) => toast.error(errorMessage(error, "Could not add to cart. Please try again.")),
      );
    },
    [addToCart],
  );
  return (
    <>
      <title>Haggle · Shop All Products</title>
      <CatalogView onAddToCart={onAddToCart} />
    </>
  );
}
