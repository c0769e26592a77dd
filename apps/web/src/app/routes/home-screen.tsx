import { useAddToCartWithToast } from "@/features/cart/hooks/use-add-to-cart-with-toast";
import { CatalogView } from "@/features/catalog/components/catalog-view";

export function HomeScreen() {
  const addToCart = useAddToCartWithToast();
  return (
    <>
      <title>Haggle · Shop All Products</title>
      <CatalogView onAddToCart={addToCart} />
    </>
  );
}
