/**
 * Product page addresses. A product's slug is made by the database when the product is created
 * (products_set_slug, migration 0012) and kept when the name changes; these are the rules the
 * app applies to the path that names it.
 */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path segment is a product id (an old id URL, an order line's link) rather than a slug. */
export function isProductId(segment: string): boolean {
  return UUID_RE.test(segment);
}

/** The longest slug the database makes, with room for a "-N" suffix. */
export const MAX_SLUG_LENGTH = 90;

/** Whether a path segment could be a slug at all (lower-case letters, digits, single hyphens). */
export function isSlugShaped(segment: string): boolean {
  return segment.length <= MAX_SLUG_LENGTH && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(segment);
}

/** A product page's path. */
export function productPath(product: { slug: string }): string {
  return `/products/${product.slug}`;
}

/** The slug or id a product page path names, or null when the path is no product page. */
export function productPathSegment(pathname: string): string | null {
  const match = /^\/products\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  let segment: string;
  try {
    segment = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return isSlugShaped(segment) || isProductId(segment) ? segment : null;
}
