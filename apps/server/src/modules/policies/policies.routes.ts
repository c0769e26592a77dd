import {
  MerchantPoliciesSchema,
  PolicyBodySchema,
  PolicyListSchema,
  PolicyPageSchema,
  PolicySearchQuerySchema,
  PolicySearchResultSchema,
} from "@haggle/contract/policies";
import { isPolicyKind, type PolicyKind } from "@haggle/domain/policies/policy-pages";
import { z } from "zod";
import { type ApiRoute, defineRoute, pathParam } from "../../http/route.ts";
import {
  getMerchantPolicies,
  getPolicyPage,
  listPolicies,
  saveMerchantPolicy,
  searchPolicies,
} from "./policies.service.ts";

/** A page kind in the path: one of the four, else 404 with a sentence (as an unknown id). */
const PolicyParams = z.object({
  kind: pathParam(
    isPolicyKind,
    "There is no such page: the shop's pages are shipping, returns, warranty and faq.",
  ).transform((kind) => kind as PolicyKind),
});

/** The shop's policy pages: shipping, returns, warranty and FAQ, written by the merchant in Markdown. */
export const policyRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/policies",
    summary:
      "The shop's published policy pages (shipping, returns, warranty, FAQ): title, storefront path, last change",
    tag: "Policies",
    access: "public",
    cache: "shared",
    response: PolicyListSchema,
    handler: async (c) => await listPolicies(c.get("deps").database.db),
  }),
  defineRoute({
    method: "get",
    path: "/api/policies/{kind}",
    summary:
      "One published policy page: the merchant's Markdown and the HTML the storefront shows. 404 when not written",
    tag: "Policies",
    access: "public",
    cache: "shared",
    params: PolicyParams,
    response: PolicyPageSchema,
    handler: async (c, { params }) => await getPolicyPage(c.get("deps").database.db, params.kind),
  }),
  defineRoute({
    method: "get",
    path: "/api/policies-search",
    summary:
      "The passages of the shop's policy pages that answer a question (`q`, e.g. 'can I return shoes?'), best first, at most three, as plain text with their page",
    tag: "Policies",
    access: "public",
    cache: "shared",
    query: PolicySearchQuerySchema,
    response: PolicySearchResultSchema,
    handler: async (c, { query }) => await searchPolicies(c.get("deps").database.db, query.q),
  }),
  defineRoute({
    method: "get",
    path: "/api/merchant/policies",
    summary: "Every policy page as the merchant edits it, written or not",
    tag: "Merchant",
    access: "merchant",
    response: MerchantPoliciesSchema,
    handler: async (c) => await getMerchantPolicies(c.get("deps").database.db),
  }),
  defineRoute({
    method: "put",
    path: "/api/merchant/policies/{kind}",
    summary:
      "Save a policy page's whole text (Markdown, at most 20,000 characters); an empty text unpublishes it. Raw HTML is shown as text",
    tag: "Merchant",
    access: "merchant",
    params: PolicyParams,
    body: PolicyBodySchema,
    response: MerchantPoliciesSchema,
    handler: async (c, { params, body }) =>
      await saveMerchantPolicy(c.get("deps").database.db, params.kind, body.body),
  }),
];
