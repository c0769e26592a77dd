import type { Product } from "@haggle/contract/products";
import { productPath } from "@haggle/domain/catalog/product-path";
import { toDecimalString } from "@haggle/domain/pricing/money";

/**
 * schema.org structured data for the catalogue's pages (written as JSON-LD by PageHead). `url`
 * makes a path absolute on this shop's origin.
 */
type AbsoluteUrl = (path: string) => string;

/** A product with its offer, and its rating only when shoppers have reviewed it. */
export function productJsonLd(product: Product, url: AbsoluteUrl): object {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.sku,
    image: url(product.imageUrl),
    url: url(productPath(product)),
    category: product.category,
    brand: { "@type": "Brand", name: product.brand },
    offers: {
      "@type": "Offer",
      url: url(productPath(product)),
      price: toDecimalString(product.price),
      priceCurrency: "USD",
      availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
    ...(product.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating,
            reviewCount: product.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** Home › … as a BreadcrumbList: each step a name and the path it leads to. */
export function breadcrumbJsonLd(steps: readonly { name: string; path: string }[], url: AbsoluteUrl): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: step.name,
      item: url(step.path),
    })),
  };
}

/** The products shown, in order, as an ItemList of their pages. */
export function itemListJsonLd(products: readonly Product[], url: AbsoluteUrl): object {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    numberOfItems: products.length,
    itemListElement: products.map((product, index) => ({
      "@type": "ListItem",
      position: index + 1,
      url: url(productPath(product)),
      name: product.name,
    })),
  };
}
