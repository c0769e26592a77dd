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
  smallTalk: SmallTalk | null;
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
  if (input.smallTalk === "help" && products.length === 0) {
    return `I can search the whole shop for you. Tell me what you're looking for — a product ("running shoes"), a need ("something for a rainy day"), a person ("a gift for my dad who loves cooking"), a brand or a budget — then narrow it down ("cheaper ones", "not Nike", "the second one").`;
  }
  if (input.smallTalk === "shipping" && products.length === 0) {
    return "Delivery options and their cost are shown at checkout, once you enter your address. I can help you find products meanwhile — tell me what you're looking for.";
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

/**
 * Talk that is not a search: a greeting, thanks or goodbye, a question about how the assistant
 * works ("help"), or about delivery ("shipping"). The last two are answered even when their
 * words would find products ("do you ship to Canada?" is not a search for "canada").
 */
export type SmallTalk = "greeting" | "thanks" | "help" | "shipping";

const GREETING_WORDS =
  "hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening|day)|yo|hi there|hello there|hey there";
const GREETING = new RegExp(
  `^(?:${GREETING_WORDS})(?: ava)?(?:[,!.]? ?(?:how are you(?: doing)?(?: today)?|how'?s it going|what'?s up|nice to meet you))?$|^(?:how are you(?: doing)?(?: today)?|how'?s it going|what'?s up)$`,
);
/** A greeting before a question ("hi! what can you do?") leaves the question. */
const GREETING_FIRST = new RegExp(`^(?:${GREETING_WORDS})(?: ava)?[,!.]? `);
const THANKS =
  /^(?:(?:ok(?:ay)?|great|perfect|awesome|cool|nice|lovely)[,!.]?\s*)?(?:thanks|thank you|thx|ty|cheers|bye|goodbye|see you|that'?s (?:all|it|everything))(?: (?:so much|a lot|ava))?(?:[,!.]?\s*(?:that'?s (?:all|it|everything)|bye|goodbye|see you)(?: (?:for now|for today))?)?(?: (?:for now|for today))?$/;
const HELP =
  /^(?:how (?:does (?:this|it|the assistant)|do (?:i|you)) (?:work|use (?:this|you|it))|how do i (?:use|search|find (?:things|stuff|products))(?: (?:this|you|it|here))?|what can (?:you|i) (?:do|ask(?: you)?|help (?:me )?with)|how can you help(?: me)?|can you help(?: me)?|help(?: me)?|what do you do|who are you|what are you|are you (?:a bot|a robot|human|real|an ai))$/;
const SHIPPING =
  /\b(?:do|can|will) you (?:ship|deliver)\b|\bshipping\b|\bdelivery\b|\bhow long (?:does|will) (?:it|delivery|shipping) take\b/;

/** A message that is only small talk, with nothing to search for (see SmallTalk). */
export function detectSmallTalk(text: string): SmallTalk | null {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[!.?,\s]+$/g, "")
    .replace(/\s+/g, " ");
  if (GREETING.test(t)) return "greeting";
  const rest = t.replace(GREETING_FIRST, "");
  if (rest !== t) return HELP.test(rest) ? "help" : THANKS.test(rest) ? "thanks" : null;
  if (THANKS.test(t)) return "thanks";
  if (HELP.test(t)) return "help";
  if (SHIPPING.test(t) && t.split(" ").length <= 12) return "shipping";
  return null;
}
