import {
  type PolicyKind,
  type PolicySection,
  plainPolicyText,
  policySections,
} from "@haggle/domain/policies/policy-pages";
import MiniSearch from "minisearch";

export interface PolicyPassage {
  kind: PolicyKind;
  heading: string;
  /** The passage as plain text. */
  text: string;
}

/** Words a question carries that say nothing of its subject. */
const STOP_WORDS = new Set(
  "a an and are can could do does for from have how i if in is it its me my of on or the this to what when where which who will with you your yours".split(
    " ",
  ),
);

/** A word's common forms fold into one ("returns", "returned", "returning" → "return"). */
function fold(term: string): string | null {
  const word = term.toLowerCase();
  if (STOP_WORDS.has(word)) return null;
  return word.replace(/(?:ing|ed|es|s)$/, (ending) => (word.length - ending.length >= 3 ? "" : ending));
}

/**
 * The passages of the shop's pages that answer a question best, at most `limit`, by the words
 * they share with it (BM25 with prefix and typo tolerance, minisearch), the heading counting
 * twice. A question sharing no word with any passage gets none.
 */
export function searchPolicyPages(
  pages: readonly { kind: PolicyKind; body: string }[],
  question: string,
  limit = 3,
): PolicyPassage[] {
  const sections: PolicySection[] = pages.flatMap((page) => policySections(page.kind, page.body));
  if (sections.length === 0) return [];
  const index = new MiniSearch<PolicySection & { id: number }>({
    fields: ["heading", "text"],
    storeFields: [],
    processTerm: fold,
    searchOptions: { boost: { heading: 2 }, prefix: true, fuzzy: 0.2, processTerm: fold },
  });
  index.addAll(sections.map((section, id) => ({ ...section, id })));
  return index
    .search(question)
    .slice(0, limit)
    .map((hit) => sections[hit.id as number])
    .filter((section): section is PolicySection => section !== undefined)
    .map((section) => ({
      kind: section.kind,
      heading: section.heading,
      text: plainPolicyText(section.text),
    }));
}
