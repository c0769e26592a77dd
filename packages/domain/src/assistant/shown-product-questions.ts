import { type Cents, formatMoney } from "../pricing/money.ts";
import { STOP_WORDS } from "./shopping-phrases.ts";

/**
 * Questions about a product the assistant showed: which one is meant ("the second one", "it",
 * "the grinder") and an answer from the product's own record, never invented.
 */

export interface ShownProductRecord {
  name: string;
  brand: string;
  price: Cents;
  listPrice: Cents;
  inStock: boolean;
  description: string;
  tags: readonly string[];
}

/**
 * "how much is the grinder?", "is the kettle electric?", "tell me about the tent": one product,
 * so singular verbs ("are the headphones waterproof?" asks about all of them: a refinement).
 */
const NAMED_QUESTION =
  /^\s*(?:(?:so|and|ok|okay|hmm),?\s+)?(?:how much (?:is|does|for)|what(?:'s| is| does)(?: the (?:price|cost) of)?|is|does|can|could|will|would|has|tell me (?:more )?about|more (?:about|on)|any (?:details|info) (?:on|about))\s+(?:the|your|that|this)\s+([a-z][a-z-]+)(?:\s+([a-z][a-z-]+))?/u;

const singular = (word: string) => word.replace(/(?:es|s)$/, "");

/**
 * The shown product a question names by a word of its name ("how much is the grinder?" after
 * coffee things shows a grinder), or undefined when the question names none of them.
 */
export function shownProductNamed<T extends { name: string }>(
  question: string,
  shown: readonly T[],
): T | undefined {
  const m = NAMED_QUESTION.exec(question.toLowerCase());
  if (!m) return undefined;
  for (const word of [m[2], m[1]]) {
    if (!word || STOP_WORDS.has(word) || word.length < 3) continue;
    const stem = singular(word);
    const found = shown.find((p) =>
      p.name
        .toLowerCase()
        .split(/[^a-z-]+/)
        .some((w) => singular(w) === stem),
    );
    if (found) return found;
  }
  return undefined;
}

/** Whether a message could name a shown product ("how much is the X?"): worth replaying what was shown. */
export function mayNameShownProduct(question: string): boolean {
  return NAMED_QUESTION.test(question.toLowerCase());
}

/** The shown product at a place (1-based; -1 the last one); the first one when none is said. */
export function shownAt<T>(shown: readonly T[], ordinal: number | null): T | undefined {
  if (ordinal === null) return shown[0];
  return ordinal < 0 ? shown.at(ordinal) : shown[ordinal - 1];
}

/** Words of a question that say nothing about the product ("can I put it in ..."). */
const QUESTION_FILLER =
  /^(?:first|second|third|fourth|fifth|sixth|last|tell|details|info|more|about|put|use|get|take|come|comes|work|works|cost|costs|much|price|made|think|know|say|says)$/;

/** A question about a shown product, answered from its own record. */
export function answerAboutProduct(product: ShownProductRecord, question: string): string {
  const words = question
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .filter((w) => w.length > 2 && !STOP_WORDS.has(w) && !QUESTION_FILLER.test(w));
  const nameWords = new Set(
    product.name
      .toLowerCase()
      .split(/[^a-z0-9-]+/)
      .map(singular),
  );
  const asked = words.filter((w) => !nameWords.has(singular(w)));
  const record = `${product.name} ${product.description} ${product.tags.join(" ")}`.toLowerCase();
  const stock = product.inStock ? "in stock" : "out of stock right now";
  const down = product.price < product.listPrice ? ` (down from ${formatMoney(product.listPrice)})` : "";
  const facts = `${product.name} by ${product.brand} is ${formatMoney(product.price)}${down}, ${stock}.`;
  const first = product.description.split(/(?<=\.)\s/)[0] ?? "";
  if (asked.length === 0) return `${facts} ${first}`.trim();
  const yes = asked.filter((w) => record.includes(singular(w)));
  const no = asked.filter((w) => !record.includes(singular(w)));
  const answer =
    no.length === 0
      ? `Yes: it says ${yes.join(", ")}.`
      : yes.length === 0
        ? `Its description doesn't mention ${no.join(" or ")}, so I can't promise that.`
        : `It mentions ${yes.join(", ")}, not ${no.join(" or ")}.`;
  return `${answer} ${facts} ${first}`.trim();
}
