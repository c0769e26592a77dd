import type { Product } from "@haggle/contract/products";
import { productPath } from "@haggle/domain/catalog/product-path";
import { Navigate, useNavigate, useParams } from "react-router";
import { useSession } from "@/features/auth/api/use-session";
import { useAddToCartWithToast } from "@/features/cart/hooks/use-add-to-cart-with-toast";
import { useCart } from "@/features/cart/hooks/use-cart";
import { useProductPage } from "@/features/catalog/api/use-product-page";
import {
  categoryHref,
  ProductDetails,
  ProductDetailsSkeleton,
} from "@/features/catalog/components/product-details";
import type { ChosenVariant } from "@/features/cart/lib/cart-lines";
import { breadcrumbJsonLd, productGroupJsonLd } from "@/features/catalog/lib/structured-data";
import { absoluteUrl, PageHead } from "@/components/seo/page-head";
import { errorMessage } from "@/lib/error-message";
import { useShopTaxNote } from "@/lib/use-shop-tax-note";
import { NotFoundScreen } from "./not-found-screen";

/** /products/<slug>: one product's page. An id in the address moves to the slug's. */
export function ProductScreen() {
  const { slug = "" } = useParams();
  const page = useProductPage(slug);
  const { user, me } = useSession();
  const { serverCart } = useCart();
  const addToCart = useAddToCartWithToast();
  const navigate = useNavigate();
  const priceNote = useShopTaxNote();

  if (page.isPending) return <ProductDetailsSkeleton />;
  if (page.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-24 text-center" role="alert">
        <p className="text-lg font-semibold">This product could not be loaded.</p>
        <p className="text-muted-foreground">{errorMessage(page.error, "Please try again in a moment.")}</p>
      </div>
    );
  }
  if (page.data === null) return <NotFoundScreen />;
  const { product } = page.data;
  if (product.slug !== slug) return <Navigate to={productPath(product)} replace />;

  async function negotiate(chosen: Product, quantity: number, variant?: ChosenVariant) {
    const inCart =
      serverCart?.items.some((item) =>
        variant ? item.variantId === variant.id : item.productId === chosen.id && item.variantTitle === "",
      ) ?? false;
    if (!inCart && !(await addToCart(chosen, quantity, variant))) return;
    navigate("/cart/negotiate");
  }

  return (
    <>
      <PageHead
        title={`${product.name} · Haggle`}
        description={product.description.trim() || `${product.brand} ${product.name}`}
        canonicalPath={productPath(product)}
        type="product"
        image={product.imageUrl}
        jsonLd={[
          productGroupJsonLd(product, absoluteUrl),
          breadcrumbJsonLd(
            [
              { name: "Home", path: "/" },
              { name: product.category, path: categoryHref(product.category) },
              { name: product.name, path: productPath(product) },
            ],
            absoluteUrl,
          ),
        ]}
      />
      <ProductDetails
        page={page.data}
        onAddToCart={addToCart}
        onNegotiate={user ? negotiate : undefined}
        negotiable={me?.negotiation !== false}
        priceNote={priceNote}
      />
    </>
  );
}
