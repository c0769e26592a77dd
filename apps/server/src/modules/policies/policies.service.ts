import type { MerchantPolicies, PolicyList, PolicyPage, PolicySearchResult } from "@haggle/contract/policies";
import { notFound } from "@haggle/domain/errors";
import {
  isPolicyKind,
  POLICY_KINDS,
  POLICY_TITLES,
  type PolicyKind,
  policyPath,
} from "@haggle/domain/policies/policy-pages";
import type { Queryable } from "../../platform/db/client.ts";
import { loadPolicies, loadPolicy, type StoredPolicy, savePolicy } from "./policies.store.ts";
import { policyHtml } from "./render-policy.ts";
import { searchPolicyPages } from "./search-policies.ts";

function summary(policy: StoredPolicy) {
  return {
    kind: policy.kind,
    title: POLICY_TITLES[policy.kind],
    path: policyPath(policy.kind),
    updatedAt: policy.updatedAt.toISOString(),
  };
}

/** The pages in the order shoppers look for them: shipping, returns, warranty, FAQ. */
function inPageOrder<T extends { kind: PolicyKind }>(pages: T[]): T[] {
  return [...pages].sort((a, b) => POLICY_KINDS.indexOf(a.kind) - POLICY_KINDS.indexOf(b.kind));
}

/** The published pages (those with text). */
export async function listPolicies(db: Queryable): Promise<PolicyList> {
  return { items: inPageOrder(await loadPolicies(db)).map(summary) };
}

/** One published page with its HTML, or null when there is no such page or the merchant has not written it. */
export async function findPolicyPage(db: Queryable, kind: string): Promise<PolicyPage | null> {
  if (!isPolicyKind(kind)) return null;
  const policy = await loadPolicy(db, kind);
  return policy ? { ...summary(policy), markdown: policy.body, html: policyHtml(policy.body) } : null;
}

export async function getPolicyPage(db: Queryable, kind: PolicyKind): Promise<PolicyPage> {
  const page = await findPolicyPage(db, kind);
  if (!page) throw notFound(`The shop has no ${POLICY_TITLES[kind].toLowerCase()} page yet.`);
  return page;
}

/** Every page as the merchant edits it, written or not. */
export async function getMerchantPolicies(db: Queryable): Promise<MerchantPolicies> {
  const written = new Map((await loadPolicies(db)).map((p) => [p.kind, p]));
  return {
    items: POLICY_KINDS.map((kind) => {
      const policy = written.get(kind);
      return {
        kind,
        title: POLICY_TITLES[kind],
        path: policyPath(kind),
        body: policy?.body ?? "",
        updatedAt: policy?.updatedAt.toISOString() ?? null,
      };
    }),
  };
}

/** Saves a page's text (an empty one unpublishes it) and answers every page as the merchant edits them. */
export async function saveMerchantPolicy(
  db: Queryable,
  kind: PolicyKind,
  body: string,
): Promise<MerchantPolicies> {
  await savePolicy(db, kind, body);
  return await getMerchantPolicies(db);
}

/** The passages of the published pages that answer a shopper's (or an agent's) question. */
export async function searchPolicies(
  db: Queryable,
  question: string,
  limit = 3,
): Promise<PolicySearchResult> {
  const passages = searchPolicyPages(await loadPolicies(db), question, limit);
  return {
    results: passages.map((p) => ({ ...p, title: POLICY_TITLES[p.kind], path: policyPath(p.kind) })),
  };
}
