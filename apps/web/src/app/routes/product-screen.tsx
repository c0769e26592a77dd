import type { Product } from "@haggle/contract/products";
import { productPath } from "@haggle/domain/catalog/product-path";
import { Navigate, useNavigate, useParams } from "react-router";
import { useSession } from "@/features/auth/api/use-session";
import { useAddToCartWithToast } from "@/features/cart/hooks/use-add-to-cart-with-toast";
import { useCart } from "@/features/cart/hooks/use-cart";
import { useProductPage } from "@/features/catalog/api/use-product-page";
import { ProductDetails, ProductDetailsSkeleton } from "@/features/catalog/components/product-details";
import { ApiRequestError } from "@/lib/api-client";
import { errorMessage } from "@/lib/error-message";
import { NotFoundScreen } from "./not-found-screen";

/** The longest meta description search engines show. */
const DESCRIPTION_LENGTH = 160;

function metaDescription(product: Product): string {
  const text = product.description.trim() || `${product.brand} ${product.name}`;
  return text.length <= DESCRIPTION_LENGTH ? text : `${text.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

/** /products/<slug>: one product's page. An id in the address moves to the slug's. */
export function ProductScreen() {
  const { slug = "" } = useParams();
  const page = useProductPage(slug);
  const { user, me } = useSession();
  const { serverCart } = useCart();
  const addToCart = useAddToCartWithToast();
  const navigate = useNavigate();

  if (page.isPending) return <ProductDetailsSkeleton />;
  if (page.isError) {
    if (page.error instanceof ApiRequestError && page.error.status === 404) return <NotFoundScreen />;
    return (
      <div className="flex flex-col items-center gap-3 py-24 text-center" role="alert">
        <p className="text-lg font-semibold">This product could not be loaded.</p>
        <p className="text-muted-foreground">{errorMessage(page.error, "Please try again in a moment.")}</p>
      </div>
    );
  }
  const { product } = page.data;
  if (product.slug !== slug) return <Navigate to={productPath(product)} replace />;

  async function negotiate(chosen: Product, quantity: number) {
    const inCart = serverCart?.items.some((item) => item.productId === chosen.id) ?? false;
    if (!inCart && !(await addToCart(chosen, quantity))) return;
    navigate("/cart/negotiate");
  }

  const canonical = `${window.location.origin}${productPath(product)}`;
  return (
    <>
      <title>{`${product.name} · Haggle`}</title>
      <meta name="description" content={metaDescription(product)} />
      <link rel="canonical" href={canonical} />
      <ProductDetails
        page={page.data}
        onAddToCart={addToCart}
        onNegotiate={user ? negotiate : undefined}
        negotiable={me?.negotiation !== false}
      />
    </>
  );
}
