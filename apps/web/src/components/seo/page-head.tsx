import { jsonLdText } from "@/lib/json-ld";
import { siteOrigin } from "@/lib/site-origin";

/** The longest meta description search engines show. */
const DESCRIPTION_LENGTH = 160;

/** Text cut to a meta description's length, at a word where it can be. */
export function metaDescription(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= DESCRIPTION_LENGTH ? clean : `${clean.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

/** An absolute URL on this shop for a path (or an absolute URL as it is). */
export function absoluteUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${siteOrigin()}${path.startsWith("/") ? "" : "/"}${path}`;
}

interface PageHeadProps {
  title: string;
  description: string;
  /** The page's own path and query, made absolute for the canonical link and og:url. */
  canonicalPath: string;
  type?: "website" | "product";
  /** A picture for link previews (a path on this shop or an absolute URL). */
  image?: string;
  /** Structured data (schema.org objects), each written as its own JSON-LD script. */
  jsonLd?: readonly object[];
}

/**
 * A page's head: title, description, canonical URL, OpenGraph and Twitter card, and its JSON-LD.
 * React hoists the title, meta and link elements into the document's head (on the server too);
 * the JSON-LD scripts stay where they are rendered, which search engines read just as well.
 */
export function PageHead({
  title,
  description,
  canonicalPath,
  type = "website",
  image,
  jsonLd = [],
}: PageHeadProps) {
  const url = absoluteUrl(canonicalPath);
  const text = metaDescription(description);
  const picture = image ? absoluteUrl(image) : undefined;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={text} />
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content="Haggle" />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      {picture && <meta property="og:image" content={picture} />}
      <meta name="twitter:card" content={picture ? "summary_large_image" : "summary"} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={text} />
      {picture && <meta name="twitter:image" content={picture} />}
      {jsonLd.map((data, index) => (
        <script
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list per page, never reordered
          key={index}
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by jsonLdText (no '<' can reach the HTML)
          dangerouslySetInnerHTML={{ __html: jsonLdText(data) }}
        />
      ))}
    </>
  );
}
