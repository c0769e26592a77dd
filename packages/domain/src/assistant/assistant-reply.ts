import { formatUsd } from "../pricing/money.ts";
import type { Cents } from "../pricing/money.ts";

/** The words of the built-in shopping assistant around a carousel of real products. */
export interface AssistantReplyInput {
  assistantName: string;
  /** What the request was understood as ("Footwear", "under $100.00", "on sale"). */
  understood: string[];
  refined: boolean;
  /** The products shown (already from a search), best first. */
  products: {
    name: string;
    brand: string;
    price: Cents;
    listPrice: Cents;
    rating: number;
    /** Without reviews a rating is not quoted. */
    reviewCount?: number;
  }[];
  /**
   * Nothing matches the whole request and these are the nearest alternatives of a looser one:
   * `missed` is what nothing matches all together (constraints and search words, never the
   * order), `kept` what the alternatives still match. `true` when neither is known.
   */
  alternatives: boolean | { missed: string[]; kept: string[] };
  /** Nothing understood and nothing found: a greeting or small talk. */
  smallTalk: "greeting" | "thanks" | null;
  seed: number;
}

function pick<T>(options: readonly T[], seed: number): T {
  return options[Math.abs(seed) % options.length] as T;
}

/** What was understood, as a list that reads well after a dash: "Footwear, under $100.00". */
function describe(understood: string[]): string {
  return understood.length === 0 ? "your request" : understood.join(", ");
}

export function writeAssistantReply(input: AssistantReplyInput): string {
  const { products, seed } = input;
  if (input.smallTalk === "greeting" && products.length === 0) {
    return pick(
      [
        `Hi! I'm ${input.assistantName}. Tell me what you're looking for — a product, a brand, a budget ("gifts under $50") — and I'll find it.`,
        `Hello! I can search the whole shop for you. Try "running shoes under $120" or "what's on sale?".`,
      ],
      seed,
    );
  }
  if (input.smallTalk === "thanks" && products.length === 0) {
    return pick(
      [
        "You're welcome! Anything else I can find for you?",
        "Happy to help — just ask if you need anything else.",
      ],
      seed,
    );
  }
  const what = describe(input.understood);
  if (products.length === 0) {
    return `I couldn't find anything in the shop matching ${what}. Try a broader search — a category like "headphones", a brand, or a higher budget.`;
  }
  const top = products[0]!;
  const topLine = `${top.name} by ${top.brand} at ${formatUsd(top.price)}${top.price < top.listPrice ? ` (down from ${formatUsd(top.listPrice)})` : ""}`;
  const count = products.length === 1 ? "one product" : `${products.length} products`;
  if (input.alternatives) {
    const { missed, kept } =
      input.alternatives === true ? { missed: input.understood, kept: [] } : input.alternatives;
    const still = kept.length > 0 ? `, still ${kept.join(", ")}` : "";
    return `Nothing matches ${describe(missed)} all together, so here ${products.length === 1 ? "is the closest alternative" : "are the closest alternatives"} I have${still}. ${pick(["Closest:", "Nearest match:"], seed)} ${topLine}.`;
  }
  const opener = input.refined
    ? pick(
        [
          `Narrowed it down to ${count} (${what}).`,
          `Updated: ${count} matching ${what}.`,
          `Here you go, ${count} now (${what}).`,
        ],
        seed,
      )
    : pick(
        [
          `I found ${count} (${what}).`,
          `Here ${products.length === 1 ? "is" : "are"} ${count} matching ${what}.`,
          `Good choice! ${count} (${what}).`,
        ],
        seed,
      );
  const rated = top.reviewCount !== 0 && top.rating > 0;
  const highlight = pick(
    [
      `My top pick: ${topLine}.`,
      `Start with the ${topLine}.`,
      rated ? `The ${topLine} is rated ${top.rating.toFixed(1)} out of 5.` : `Have a look at the ${topLine}.`,
    ],
    seed + 1,
  );
  return `${opener} ${highlight}`;
}

/** A message that is only a greeting or thanks, with nothing to search for. */
export function detectSmallTalk(text: string): "greeting" | "thanks" | null {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[!.?,\s]+$/g, "");
  if (/^(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|yo|hi there|hello there)( ava)?$/.test(t))
    return "greeting";
  if (/^(thanks|thank you|thx|ty|cheers|great,? thanks|perfect,? thanks)( ava)?$/.test(t)) return "thanks";
  return null;
}
