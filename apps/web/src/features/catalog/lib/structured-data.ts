import type { Product, ProductDetail } from "@haggle/contract/products";
import { productPath } from "@haggle/domain/catalog/product-path";
import { shopCurrency, toDecimalString } from "@haggle/domain/pricing/money";

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
      priceCurrency: shopCurrency(),
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

/** schema.org's properties for the options it knows (size, colour...); others are additional properties. */
const KNOWN_OPTIONS: Readonly<Record<string, string>> = {
  size: "size",
  colour: "color",
  color: "color",
  material: "material",
  pattern: "pattern",
};

/**
 * A product with options as a ProductGroup: `variesBy` its options, `hasVariant` one Product per
 * variant (its SKU, option values, price, availability and address `?variant=`), as the page
 * shows them. A product without options stays one Product.
 */
export function productGroupJsonLd(product: ProductDetail, url: AbsoluteUrl): object {
  if (product.options.length === 0) return productJsonLd(product, url);
  const { offers: _offers, sku: _sku, ...group } = productJsonLd(product, url) as Record<string, unknown>;
  const known = product.options.map((o) => KNOWN_OPTIONS[o.name.trim().toLowerCase()]);
  return {
    ...group,
    "@type": "ProductGroup",
    productGroupID: product.sku,
    variesBy: known.flatMap((k) => (k ? [`https://schema.org/${k}`] : [])),
    hasVariant: product.variants.map((v) => {
      const others = product.options.flatMap((o, i) =>
        known[i] ? [] : [{ "@type": "PropertyValue", name: o.name, value: v.optionValues[i] }],
      );
      return {
        "@type": "Product",
        name: `${product.name} — ${v.title}`,
        sku: v.sku,
        image: url(v.imageUrl),
        ...Object.fromEntries(known.flatMap((k, i) => (k ? [[k, v.optionValues[i]]] : []))),
        ...(others.length > 0 ? { additionalProperty: others } : {}),
        offers: {
          "@type": "Offer",
          url: url(`${productPath(product)}?variant=${v.id}`),
          price: toDecimalString(v.price),
          priceCurrency: shopCurrency(),
          availability: v.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        },
      };
    }),
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
