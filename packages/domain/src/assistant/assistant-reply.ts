import { formatMoney } from "../pricing/money.ts";
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

/** The shop's own settings that answer questions about delivery (see answerSmallTalk). */
export interface ShopPolicies {
  flatShipping: Cents;
  freeShippingOver: Cents;
  taxRatePct: number;
}

/** A passage of the shop's own pages (shipping, returns, warranty, FAQ) that answers a question. */
export interface ShopPagePassage {
  /** The page's title: "Returns". */
  title: string;
  /** The passage, plain text. */
  text: string;
  /** The page's storefront path. */
  path: string;
}

/** Kinds of talk the shop's own pages may answer better than the assistant's general sentence. */
export const SHOP_PAGE_QUESTIONS: readonly SmallTalk[] = [
  "shipping",
  "returns",
  "warranty",
  "payment",
  "service",
];

/** The answer to small talk: a person's answer, never a search. */
export function answerSmallTalk(
  kind: SmallTalk,
  context: {
    assistantName: string;
    seed: number;
    categories?: readonly string[];
    policies?: ShopPolicies | null;
    /** What the merchant's own pages say to the question, when they say something. */
    shopPage?: ShopPagePassage | null;
  },
): string {
  const { assistantName, seed, shopPage } = context;
  if (shopPage && SHOP_PAGE_QUESTIONS.includes(kind)) {
    return `Our ${shopPage.title} page says: “${shopPage.text}” The whole page is at ${shopPage.path}. I can help you find products meanwhile — tell me what you're looking for.`;
  }
  switch (kind) {
    case "greeting":
      return pick(
        [
          `Hi! I'm ${assistantName}. Take your time — tell me what you're looking for (a product, a brand, a budget like "gifts under $50") and I'll find it.`,
          `Hello! I can search the whole shop for you. Try "running shoes under $120" or "what's on sale?".`,
        ],
        seed,
      );
    case "thanks":
      return pick(
        [
          "You're welcome! Anything else I can find for you?",
          "Happy to help — just ask if you need anything else.",
        ],
        seed,
      );
    case "help":
      return `I can search the whole shop for you. Tell me what you're looking for — a product ("running shoes"), a need ("something for a rainy day"), a person ("a gift for my dad who loves cooking"), a brand or a budget — then narrow it down ("cheaper ones", "not Nike", "the second one").`;
    case "identity":
      return `I'm ${assistantName}, the shop's built-in shopping assistant — a program, not a person. I can search the whole shop for you: tell me what you're looking for, who it's for or your budget.`;
    case "catalogue": {
      const categories = context.categories ?? [];
      const list =
        categories.length === 0
          ? ""
          : ` We sell ${categories.length <= 1 ? categories[0] : `${categories.slice(0, -1).join(", ")} and ${categories.at(-1)}`}.`;
      return `${list} Tell me what you're looking for and I'll find it — a product, a need, a person or a budget.`.trim();
    }
    case "shipping": {
      const p = context.policies;
      const cost = p
        ? `Shipping costs ${formatMoney(p.flatShipping)} per order and is free when your goods come to ${formatMoney(p.freeShippingOver)} or more; tax is ${p.taxRatePct}%. `
        : "";
      return `${cost}We deliver to the address you enter at checkout, where the delivery cost is shown before you pay. I can help you find products meanwhile — tell me what you're looking for.`;
    }
    case "returns":
      return "You can cancel an order until it ships and get a full refund. After it ships, the shop refunds items on request: each item refunds what you paid for it. I can help you find products meanwhile — tell me what you're looking for.";
    case "warranty":
      return "I can't promise anything about warranties for the shop: when it has written a Warranty page, the link is at the bottom of every page, and the shop refunds an item on request. I can help you find products meanwhile — tell me what you're looking for.";
    case "payment":
      return "You pay at checkout, after entering your address; the checkout page shows the ways to pay this shop accepts. I can help you find products meanwhile — tell me what you're looking for.";
    case "service":
      return "I can't look up orders or speak for the shop's staff: your orders and their status are on your orders page, and the shop's own pages say how to reach it. I can search the whole shop for you meanwhile — tell me what you're looking for.";
    case "bargain":
      return `Yes, prices here can be negotiated: put what you like in your cart and press 'Negotiate with ${assistantName}' on the cart page to ask for a discount on the whole cart. I can help you find products first — tell me what you're looking for.`;
  }
}

export function writeAssistantReply(input: AssistantReplyInput): string {
  const { products, seed } = input;
  if (input.smallTalk && products.length === 0)
    return answerSmallTalk(input.smallTalk, { assistantName: input.assistantName, seed });
  const what = describe(input.understood);
  if (products.length === 0) {
    return `I couldn't find anything in the shop matching ${what}. Try a broader search — a category like "headphones", a brand, or a higher budget.`;
  }
  const top = products[0]!;
  const topLine = `${top.name} by ${top.brand} at ${formatMoney(top.price)}${top.price < top.listPrice ? ` (down from ${formatMoney(top.listPrice)})` : ""}`;
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
 * Talk that is not a search: a greeting, thanks or goodbye (also praise: "you've been really
 * helpful"), a question about how the assistant works ("help"), about who or what it is
 * ("identity": "are you a real person?"), about what the shop sells ("catalogue"), or about
 * delivery ("shipping"), returns and refunds ("returns"), warranties and faults ("warranty"), paying ("payment") or discounts by
 * negotiation ("bargain"), or for the shop's people and records ("service": an order's status, a
 * human to talk to, opening hours). They are answered even when their words would find products ("do you
 * ship to Canada?" is not a search for "canada", "who am I talking to?" not one for "talking").
 */
export type SmallTalk =
  | "greeting"
  | "thanks"
  | "help"
  | "identity"
  | "catalogue"
  | "shipping"
  | "returns"
  | "warranty"
  | "payment"
  | "bargain"
  | "service";

const GREETING =
  /^(?:(?:hi|hello|hey|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening|day))(?: there| again| ava| everyone)?|how are you(?: doing)?(?: today)?|how'?s it going|what'?s up|nice to meet you)$/;
/** Saying one is only looking around is part of a greeting, not a search. */
const BROWSING =
  /^(?:(?:i'?m |i am |we'?re |just )*(?:just )?(?:browsing|looking around|having a look(?: around)?|looking)(?: (?:for now|around|today|right now))?|nothing (?:yet|in particular|specific))$/;
const THANKS =
  /^(?:thanks|thank you|thx|ty|cheers|ta|much appreciated|appreciate it|bye|goodbye|bye bye|see you|see ya|later|have a (?:good|nice|great) (?:one|day|evening)|that'?s (?:all|it|everything)|that will be all|i'?m (?:good|done|all set)|all set)(?: (?:so much|a lot|very much|ava|again|then))?(?: (?:for now|for today|for your help|for the help))?$/;
/** Praise of the help received closes a conversation like thanks do. */
const PRAISE =
  /^(?:you'?(?:ve| have) been|you'?re|you are|that'?s|that was|this is|this was)(?: (?:really|so|very|super|a))* (?:helpful|great|awesome|amazing|perfect|brilliant|lovely|useful|a (?:big |great )?help|the best)$/;
/**
 * A closing in any words of courtesy ("ok no thats it thx", "nope im good for now", "that's all i
 * needed, bye"): every word of the clause is one of these, and one of them closes (CLOSING).
 * A clause with any other word ("thanks, show me tents") is not a closing.
 */
const COURTESY_WORDS = new Set(
  (
    "thanks thank thankyou thanx thx ty tysm cheers ta bye goodbye byebye cya see ya you u later " +
    "soon again anyway anyways though for now today all that thats that's it its it's everything " +
    "i i'm im i've ive i'll ill we we're were am will be good done set fine ok okay no nope nah " +
    "not nothing else more need needed needing wanted want was what just so much very lot a the " +
    "help helping your ur great really perfect have nice day evening one night take care think " +
    "about look looking maybe come back later then ava alright cool lovely awesome enough right " +
    "this is"
  ).split(" "),
);
const CLOSING =
  /\b(?:thanks?|thankyou|thanx|thx|ty|tysm|cheers|bye|goodbye|byebye|cya|see (?:you|ya)|that'?s (?:all|it|everything|enough)|its all|i'?m (?:good|done|fine|set)|all set|nothing else|no more|take care|good ?night|come back later|think about it)\b/;

function isClosing(clause: string): boolean {
  const words = clause.split(/\s+/).filter(Boolean);
  return words.length > 0 && words.every((w) => COURTESY_WORDS.has(w)) && CLOSING.test(clause);
}

/** Words that carry no request by themselves ("ok", "cool", "lol"). */
const FILLER =
  /^(?:ok(?:ay)?|k|alright|all right|great|perfect|awesome|cool|nice|lovely|wonderful|brilliant|lol|haha|hmm+|oh|ah|wow|yes|yeah|yep|sure|right|got it|i see|fine|sounds good|wait|sorry|actually|btw|by the way)$/;
const HELP =
  /^(?:how (?:does (?:this|it|the assistant)|do (?:i|you)) (?:work|use (?:this|you|it))|how do i (?:use|search|find (?:things|stuff|products))(?: (?:this|you|it|here))?|what can (?:you|i) (?:do|ask(?: you)?|help (?:me )?with)|how can you help(?: me)?|can you help(?: me)?|help(?: me)?(?: please)?|what do you do|what are you (?:for|good at)|what should i (?:ask|type|say))$/;
const IDENTITY =
  /^(?:who (?:are you|am i (?:talking|speaking|chatting) (?:to|with)|is this|made you|built you)|what are you|what'?s your name|are you (?:a |an )?(?:real |actual )?(?:bot|robot|human|person|people|real|ai|machine|computer|program|chatbot)|is this (?:a |an )?(?:real )?(?:bot|robot|human|person|ai)|am i (?:talking|speaking|chatting) (?:to|with) (?:a |an )?(?:real )?(?:bot|robot|human|person|ai|machine))$/;
const CATALOGUE =
  /^(?:what (?:kinds? of |sorts? of |types? of )?(?:things|stuff|products|items|categories|goods)? ?(?:do you|does (?:this|the) (?:shop|store)|can i) (?:sell|have|carry|stock|offer|buy(?: here)?)(?: here)?|what(?:'s| is) (?:this (?:shop|store)|in (?:the|this) (?:shop|store))(?: about)?|what (?:do|can) you (?:sell|carry|stock)(?: here)?|what(?:'s| is) (?:there|available)(?: to buy)?|what have you got)$/;
const SHIPPING =
  /\b(?:do|can|will) you (?:ship|deliver)\b|\bshipping\b|\bdelivery\b|\bhow long (?:does|will) (?:it|delivery|shipping) take\b|\b(?:when|how soon) (?:will|would|does|do) (?:it|they|my order|my package|the order) (?:arrive|come|get here)\b|\bpostage\b/;

/** Questions about the shop's policies: asked of the shop, never of its products. */
const RETURNS =
  /\b(?:return (?:policy|policies)|returns?(?: policy)?\b.*\?|refunds?|money back|can i (?:return|send (?:it|them|this) back|cancel)|send (?:it|them) back|cancel (?:my|an|the) order|exchange (?:it|them|policy))/;
const PAYMENT =
  /\b(?:(?:do|can) (?:you|i) (?:take|accept|pay (?:with|by|in))|payment (?:methods?|options?)|ways to pay|how (?:do|can) i pay|pay (?:with|by) (?:card|credit|debit|paypal|cash|bank|apple pay|google pay)|(?:accept|take) (?:credit cards?|cards|paypal|cash))\b/;
/** A question about warranties or faults: it must read as a question ("headphones with a 2 year warranty" is a search). */
const WARRANTY =
  /\b(?:warrant(?:y|ies)|guarantee(?:s|d)?|what (?:if|happens if) (?:it|they|one|mine|the \w+) (?:breaks?|stops? working|is faulty|fails?)|(?:it|they|mine) (?:broke|stopped working|arrived (?:broken|damaged|faulty))|faulty|defective)\b/;
const QUESTION = /\?$|^(?:is|are|does|do|did|what|how|can|could|will|would|any|tell me)\b/;
const BARGAIN =
  /\b(?:(?:can|could|do) (?:i|we|you) (?:haggle|negotiate|bargain|get (?:a |any )?(?:discount|better price|deal))|(?:any|a) (?:discount|coupon|promo(?: code)?|voucher)s?(?: codes?)? (?:available|for me)|is the price negotiable|prices? negotiable|how (?:do|does) (?:the )?(?:haggling|negotiat(?:ion|ing)|bargaining) work)\b/;

const SERVICE =
  /\b(?:where(?:'s| is) my (?:order|package|parcel|delivery)|track (?:my|an|the) (?:order|package|parcel)|order status|(?:talk|speak|chat) (?:to|with) (?:a |an |someone|somebody|a real )?(?:human|person|agent|manager|someone|somebody|staff)|customer (?:service|support|care)|contact (?:you|the shop|the store|support|someone)|opening hours|(?:are|is) (?:you|the shop|the store) open|physical (?:shop|store))\b/;

/** The strongest kind of small talk in one clause, or null when the clause asks for something. */
function smallTalkOf(clause: string): SmallTalk | "filler" | null {
  if (clause === "" || FILLER.test(clause)) return "filler";
  if (GREETING.test(clause) || BROWSING.test(clause)) return "greeting";
  if (THANKS.test(clause) || PRAISE.test(clause) || isClosing(clause)) return "thanks";
  if (HELP.test(clause)) return "help";
  if (IDENTITY.test(clause)) return "identity";
  if (CATALOGUE.test(clause)) return "catalogue";
  return null;
}

/** Filler before the words of a clause ("ok thank you", "and who are you"). */
const LEADING_FILLER =
  /^(?:(?:ok(?:ay)?|alright|great|perfect|awesome|cool|nice|lovely|oh|well|so|and|but|also|yes|yeah|hmm+|wow|please|wait|sorry|actually|by the way|btw) )+/;

/** A question outweighs thanks, thanks outweigh a greeting ("hi! what can you do?" asks for help). */
const WEIGHT: Record<SmallTalk, number> = {
  greeting: 1,
  thanks: 2,
  help: 3,
  identity: 3,
  catalogue: 3,
  shipping: 3,
  returns: 3,
  warranty: 3,
  payment: 3,
  bargain: 3,
  service: 3,
};

/**
 * A message that is only small talk, with nothing to search for (see SmallTalk): every clause of
 * it (split at punctuation) is small talk or filler, and the weightiest one decides.
 */
export function detectSmallTalk(text: string): SmallTalk | null {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/\s+/g, " ");
  const short = t.split(" ").length <= 12;
  if (short && RETURNS.test(t)) return "returns";
  if (short && WARRANTY.test(t) && QUESTION.test(t)) return "warranty";
  if (short && BARGAIN.test(t)) return "bargain";
  if (short && PAYMENT.test(t)) return "payment";
  if (short && SERVICE.test(t)) return "service";
  if (SHIPPING.test(t) && short) return "shipping";
  let found: SmallTalk | null = null;
  for (const raw of t.split(/[,!.?;:()]+|\s+-\s+/)) {
    const clause = raw
      .trim()
      .replace(LEADING_FILLER, "")
      .replace(/ (?:please|btw|by the way|lol|haha|then|though|anyway)$/, "");
    const kind = smallTalkOf(clause);
    if (kind === null) return null;
    if (kind !== "filler" && (found === null || WEIGHT[kind] > WEIGHT[found])) found = kind;
  }
  return found;
}
