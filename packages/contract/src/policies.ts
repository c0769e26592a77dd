import { POLICY_KINDS, POLICY_MAX_LENGTH } from "@haggle/domain/policies/policy-pages";
import { z } from "zod";

export const PolicyKindSchema = z.enum(POLICY_KINDS);

/** A published policy page as the storefront's footer and the sitemap list it. */
export const PolicySummarySchema = z.object({
  kind: PolicyKindSchema,
  title: z.string(),
  /** The storefront path of the page (`/policies/returns`). */
  path: z.string(),
  updatedAt: z.string(),
});

/** GET /api/policies: the published pages, in the order shipping, returns, warranty, FAQ. */
export const PolicyListSchema = z.object({ items: z.array(PolicySummarySchema) });

/** GET /api/policies/{kind}: one published page. */
export const PolicyPageSchema = PolicySummarySchema.extend({
  /** The merchant's Markdown, as written. */
  markdown: z.string(),
  /** The page as HTML, rendered by the server from the Markdown (raw HTML in it is shown as text). */
  html: z.string(),
});

/** PUT /api/merchant/policies/{kind}: the page's whole text; an empty text unpublishes it. */
export const PolicyBodySchema = z.object({
  body: z
    .string({ error: "body must be the page's text." })
    .max(
      POLICY_MAX_LENGTH,
      `A policy page can be at most ${POLICY_MAX_LENGTH.toLocaleString("en-US")} characters.`,
    ),
});

/** GET /api/merchant/policies: every page as the merchant edits it, published or not. */
export const MerchantPoliciesSchema = z.object({
  items: z.array(
    z.object({
      kind: PolicyKindSchema,
      title: z.string(),
      path: z.string(),
      body: z.string(),
      /** When the merchant last saved it; null for a page never written. */
      updatedAt: z.string().nullable(),
    }),
  ),
});

/** POST /api/policies/search (and the MCP tool): passages of the pages that answer a question. */
export const PolicySearchQuerySchema = z.object({
  q: z
    .string({ error: "q must be the question." })
    .trim()
    .min(1, "q must be a question, such as: can I return shoes.")
    .max(200, "A question can be at most 200 characters."),
});

export const PolicySearchResultSchema = z.object({
  results: z.array(
    z.object({
      kind: PolicyKindSchema,
      title: z.string(),
      heading: z.string(),
      /** The passage as plain text. */
      text: z.string(),
      /** The page's storefront path. */
      path: z.string(),
    }),
  ),
});

export type PolicyList = z.infer<typeof PolicyListSchema>;
export type PolicyPage = z.infer<typeof PolicyPageSchema>;
export type MerchantPolicies = z.infer<typeof MerchantPoliciesSchema>;
export type PolicySearchResult = z.infer<typeof PolicySearchResultSchema>;

/** The MCP tool search_shop_policies_and_faqs: a shopper's question about the shop. */
export const SearchPoliciesInputSchema = z.strictObject({
  query: z
    .string()
    .trim()
    .min(1, "query must be the shopper's question, e.g. 'can I return shoes?'.")
    .max(200, "query can be at most 200 characters.")
    .describe("The shopper's question about shipping, returns, warranty or the shop, in their words."),
});

export const SearchPoliciesOutputSchema = z.object({
  results: z.array(
    z.object({
      page: z.string().describe("The page's title: Shipping, Returns, Warranty or FAQ."),
      heading: z.string(),
      text: z.string().describe("The passage, plain text, as the merchant wrote it."),
      url: z.string().describe("The page a human can open."),
    }),
  ),
});
