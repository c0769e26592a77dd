import { useAddToCartWithToast } from "@/features/cart/hooks/use-add-to-cart-with-toast";
import { CatalogHead } from "@/features/catalog/components/catalog-head";
import { CatalogView } from "@/features/catalog/components/catalog-view";

export function HomeScreen() {
  const addToCart = useAddToCartWithToast();
  return (
    <>
      <CatalogHead />
      <CatalogView onAddToCart={addToCart} />
    </>
  );
}
