import { ArrowLeftIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiRequestError } from "@/lib/api-client";
import { useMerchantProduct, useProductVariants } from "../../api/variants-queries";
import { VariantsEditor } from "./variants-editor";

interface ProductVariantsPageProps {
  productId: string;
  /** The shop's own product lists changed (the app refreshes the catalogue). */
  onCatalogChanged?: () => void;
}

/** /merchant/products/:id/variants: a product's options and the grid of its variants. */
export function ProductVariantsPage({ productId, onCatalogChanged }: ProductVariantsPageProps) {
  const product = useMerchantProduct(productId);
  const variants = useProductVariants(productId);
  const failed = product.error ?? variants.error;

  let body: React.ReactNode;
  if (failed) {
    const missing = failed instanceof ApiRequestError && failed.status === 404;
    body = (
      <div role="alert" className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg font-medium">
          {missing ? "No product has that id." : "The variants could not be loaded."}
        </p>
        {!missing && (
          <Button
            onClick={() => {
              void product.refetch();
              void variants.refetch();
            }}
          >
            Try again
          </Button>
        )}
      </div>
    );
  } else if (!product.data || !variants.data) {
    body = <Spinner aria-label="Loading variants" className="py-24" />;
  } else {
    body = (
      <VariantsEditor
        key={product.data.id}
        product={product.data}
        saved={variants.data}
        onCatalogChanged={onCatalogChanged}
      />
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Button asChild variant="link" className="h-auto self-start p-0">
          <Link to="/merchant/products">
            <ArrowLeftIcon aria-hidden="true" />
            Products
          </Link>
        </Button>
        <h1 className="text-3xl font-bold tracking-tight">Options and variants</h1>
        <p className="text-muted-foreground">
          {product.data ? (
            <>
              {product.data.name} <span className="font-mono text-xs">{product.data.sku}</span>
            </>
          ) : (
            " "
          )}
        </p>
      </div>
      {body}
    </div>
  );
}
