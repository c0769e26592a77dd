import type { ParseContext, QuestionTopic, ShopperAsk, ShopperIntent } from "./negotiation-types.ts";

/**
 * Reads what a shopper typed in the negotiation chat, without any LLM. The result only feeds the
 * deterministic policy, which enforces every limit: numbers are read faithfully ("90% off" is
 * 9000 basis points, "$1" is 100 cents), never clamped to what the shop allows nor invented.
 *
 * Reading order: a concrete figure wins over everything ("ok but 20%?" is an ask); then
 * acceptance (a whole acceptance word, not negated); then questions, pushes, discount requests,
 * refusals, appeals and small talk; anything else is unknown. Never throws.
 */

/** The acceptance words of the spec (decisions.md, Negotiation), whole words, case-insensitive. */
export const ACCEPTANCE_WORDS = [
  "accept",
  "accepted",
  "yes",
  "yep",
  "agree",
  "deal",
  "okay",
  "ok",
  "confirm",
] as const;

/** Longer messages are cut before parsing: a negotiation message is a sentence or two. */
export const MAX_PARSED_LENGTH = 2000;

// ---------------------------------------------------------------- shared text helpers

const L = "\\p{L}\\p{N}_";

/** A case-insensitive regex matching any of the alternatives as whole words (Unicode-aware). */
function words(alternatives: string): RegExp {
  return new RegExp(`(?<![${L}])(?:${alternatives})(?![${L}])`, "iu");
}

const SMALL_NUMBERS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const UNIT_WORD_AHEAD = "(?=\\s?(?:%|(?:percent|per cent|pct|dollars?|bucks?)(?![\\p{L}])))";
const NUMBER_WORDS = new RegExp(
  `(?<![${L}])(?:(${Object.keys(TENS).join("|")})(?:[ -](${SMALL_NUMBERS.slice(1, 10).join("|")}))?|(${SMALL_NUMBERS.join("|")})|(?:a |one )?(hundred))(?![${L}])${UNIT_WORD_AHEAD}`,
  "giu",
);

/**
 * Lower case, NFKC (full-width digits and signs become ASCII), straight quotes, one space;
 * number words before a unit become digits ("fifteen percent" -> "15 percent") and "half off" /
 * "half price" becomes "50% off". Used by the parser and by the voice's figure check alike.
 */
export function normalizeForFigures(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u2212/g, "-")
    .replace(/\s+/g, " ")
    .replace(NUMBER_WORDS, (_m, tens?: string, ones?: string, small?: string, hundred?: string) => {
      if (hundred) return "100";
      if (small) return String(SMALL_NUMBERS.indexOf(small));
      return String((TENS[tens ?? ""] ?? 0) + (ones ? SMALL_NUMBERS.indexOf(ones) : 0));
    })
    .replace(/(?<![\p{L}])half(?: the)? (?:off|price)(?![\p{L}])/gu, "50% off");
}

export interface NumberToken {
  /** Span of the whole figure, currency sign and unit included. */
  start: number;
  end: number;
  /** Integer digits without grouping commas, and the decimal digits (possibly ""). */
  int: string;
  frac: string;
  /** "1.5k" */
  kilo: boolean;
  unit: "percent" | "money" | "bare";
  negative: boolean;
}

const NUMBER = /(\d{1,3}(?:,\d{3})+(?![\d,])|\d+)(?:\.(\d+))?|\.(\d+)/g;
const KILO_AFTER = /\s?k(?![\p{L}\p{N}])/uy;
const PERCENT_AFTER =
  /\s?-?(?:%|(?:percent(?:age)?|per cent|pct|prozent|por ciento|pour cent|pourcent)(?![\p{L}]))/uy;
const MONEY_AFTER = /\s?(?:\$|€|£|(?:dollars?|bucks?|usd|d[oó]lares|euros?|eur)(?![\p{L}]))/uy;
const MONEY_BEFORE = /(?:us\$|\$|€|£|(?<![\p{L}])(?:usd|eur))\s?$/u;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * Every number in an already normalized text, with its unit ("15%", "$1,299.50", "20 dollars",
 * "USD 12", "$1k") and sign. A number glued to letters ("21st", "v2", "2x") is not a figure.
 */
export function scanNumbers(s: string): NumberToken[] {
  const tokens: NumberToken[] = [];
  NUMBER.lastIndex = 0;
  for (let m = NUMBER.exec(s); m !== null; m = NUMBER.exec(s)) {
    const numStart = m.index;
    let end = numStart + m[0].length;
    const prev = s[numStart - 1] ?? "";
    const glued = WORD_CHAR.test(prev) || prev === ".";
    if (glued && !/(?<![\p{L}])(?:usd|eur)$/u.test(s.slice(Math.max(0, numStart - 4), numStart))) continue;
    const int = (m[1] ?? "0").replace(/,/g, "");
    const frac = m[2] ?? m[3] ?? "";

    let kilo = false;
    KILO_AFTER.lastIndex = end;
    const k = KILO_AFTER.exec(s);
    if (k) {
      kilo = true;
      end += k[0].length;
    }
    let unit: NumberToken["unit"] = "bare";
    PERCENT_AFTER.lastIndex = end;
    const pct = kilo ? null : PERCENT_AFTER.exec(s);
    if (pct) {
      unit = "percent";
      end += pct[0].length;
    } else {
      MONEY_AFTER.lastIndex = end;
      const money = MONEY_AFTER.exec(s);
      if (money) {
        unit = "money";
        end += money[0].length;
      }
    }
    if (unit === "bare" && !kilo && /^[\p{L}]/u.test(s.slice(end, end + 1))) continue;

    // Prefix: "-5", "$5", "-$5", "$-5", "USD 5".
    let start = numStart;
    let negative = false;
    const eatMinus = () => {
      let p = start;
      if (s[p - 1] === " ") p -= 1;
      if (s[p - 1] === "-" && !WORD_CHAR.test(s[p - 2] ?? "")) {
        negative = true;
        start = p - 1;
      }
    };
    eatMinus();
    const currency = MONEY_BEFORE.exec(s.slice(Math.max(0, start - 6), start));
    if (currency && unit !== "percent") {
      unit = "money";
      start -= currency[0].length;
      if (!negative) eatMinus();
    }
    tokens.push({ start, end, int, frac, kilo, unit, negative });
  }
  return tokens;
}

/**
 * The figure in hundredths: dollars -> cents, percent points -> basis points. Exact for up to
 * two decimals; more decimals give a fractional result (the caller rounds or rejects it).
 * Capped at Number.MAX_SAFE_INTEGER so that no figure is ever Infinity or imprecise.
 */
export function hundredthsOf(token: Pick<NumberToken, "int" | "frac" | "kilo">): number {
  let int = token.int.replace(/^0+(?=\d)/, "");
  let frac = token.frac;
  if (token.kilo) {
    int = `${int}${frac.slice(0, 3).padEnd(3, "0")}`.replace(/^0+(?=\d)/, "");
    frac = frac.slice(3);
  }
  if (int.length > 15) return Number.MAX_SAFE_INTEGER;
  const value = Number(int) * 100 + Number(frac.slice(0, 2).padEnd(2, "0")) + Number(`0.${frac.slice(2)}`);
  return Number.isFinite(value) ? Math.min(value, Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER;
}

// ---------------------------------------------------------------- vocabulary

const STOP_WORDS = new Set(
  (
    "the a an and or but for of to in on at by with from this that these those it its is are was be " +
    "you your yours me my mine i i'm i'll i'd we our us they them he she his her can could would will " +
    "shall should do does did doing done have has had get got give take make made pay paid price prices " +
    "total cart item items thing things product products one ones some any all everything whole order " +
    "how what which who why when where about just only please thanks thank yes no not ok okay deal off " +
    "discount dollar dollars bucks percent more less better best lower cheaper then than so if as too " +
    "very really much many also still new lot like want need buy sell offer there here same other another"
  ).split(" "),
);

const COUNTING_NOUNS = new Set(
  (
    "item items piece pieces pcs unit units pair pairs of more x years year yrs days day hours hour " +
    "minutes minute mins weeks week months month kids children times orders people things ones"
  ).split(" "),
);

const AMOUNT_AFTER_IMMEDIATE = new Set([
  "discount",
  "less",
  "cheaper",
  "reduction",
  "rebate",
  "descuento",
  "rabais",
  "rabatt",
  "remise",
  "nachlass",
]);
const AMOUNT_BEFORE = new Set(["knock", "shave", "minus", "save", "rebate", "off"]);
const AMOUNT_BEFORE_PAIRS = [
  ["discount", "of"],
  ["reduction", "of"],
  ["take", "off"],
  ["knock", "off"],
  ["reduce", "by"],
  ["lower", "by"],
  ["cut", "by"],
  ["drop", "by"],
  ["descuento", "de"],
];
const TOTAL_WORDS = new Set([
  "total",
  "everything",
  "all",
  "altogether",
  "whole",
  "cart",
  "order",
  "overall",
  "lot",
  "both",
  "todo",
  "tout",
  "alles",
  "insgesamt",
  "gesamt",
]);
const STRONG_PAY = new Set([
  "pay",
  "paying",
  "do",
  "offer",
  "take",
  "make",
  "spend",
  "accept",
  "afford",
  "about",
  "budget",
  "give",
  "sell",
  "go",
  "pagar",
  "payer",
  "zahlen",
]);
const WEAK_PAY = new Set(["at", "to", "for", "price", "only", "just", "it", "me", "maybe", "say"]);
const PENALTY_BEFORE = new Set([
  "from",
  "was",
  "were",
  "costs",
  "cost",
  "costing",
  "priced",
  "listed",
  "normally",
  "originally",
  "currently",
  "retail",
  "msrp",
  "elsewhere",
  "not",
  "than",
  "instead",
  "over",
  "above",
  "under",
  "below",
  "least",
]);
const THRESHOLD_BEFORE = new Set(["over", "above", "under", "below", "least", "than", "minimum"]);
const FILLER = new Set(
  (
    "ok okay so then well hmm maybe how about what say let's lets fine just only and or um uh yes no " +
    "please pls would could can you do i it is that like alright right hey hi sure final my offer"
  ).split(" "),
);

const NEGATORS = new Set([
  "not",
  "don't",
  "dont",
  "won't",
  "wont",
  "never",
  "can't",
  "cant",
  "cannot",
  "doesn't",
  "doesnt",
  "isn't",
  "isnt",
  "wouldn't",
  "wouldnt",
  "didn't",
  "didnt",
  "nope",
  "refuse",
  "reject",
  "decline",
  "pas",
  "nicht",
  "kein",
  "keine",
]);
/** "better deal", "any deals": not agreement. */
const DEAL_NOT_AGREEMENT = new Set([
  "better",
  "best",
  "any",
  "bigger",
  "sweeter",
  "special",
  "package",
  "bundle",
  "another",
  "other",
  "sweet",
]);

const DEAL_REQUEST_VERBS = new Set(["me", "us", "get", "need", "want", "got", "find", "have", "any"]);

const ACCEPTANCE = new RegExp(
  `(?<![${L}'])(${ACCEPTANCE_WORDS.join("|")}|oui|ja|sí|vale|d'accord|de acuerdo|acepto|j'accepte|einverstanden)(?![${L}'])`,
  "giu",
);
const SPANISH_SI = /^si(?![\p{L}])/u;

const QUESTIONS: [QuestionTopic, RegExp][] = [
  [
    "shipping",
    words(
      "ship|ships|shipping|shipped|delivery|deliver|delivered|postage|freight|envio|envío|livraison|versand|lieferung",
    ),
  ],
  [
    "expiry",
    words(
      "expire|expires|expired|expiry|expiration|how long|valid|validity|deadline|time limit|until when|still stand|still valid|hold the (?:offer|price)|offer last",
    ),
  ],
  [
    "bundle",
    words(
      "bundle|bundles|bundling|buy more|add more|add another|another one|buy two|buy 2|two of|more than one|multiple|combo|more items|if i add|if i buy|what if i (?:buy|add|get)|in bulk|bulk",
    ),
  ],
  [
    "loyalty",
    words(
      "tier|tiers|loyalty|member|members|membership|rewards?|vip|my status|my level|what level|which level|my points|extra points",
    ),
  ],
  [
    "how-it-works",
    words(
      "how (?:does|do) (?:this|it|that|haggling|negotiating|negotiation|bargaining|the negotiation) work|how (?:this|it) works|what can you do|what do you do|who are you|what are you|what is this|explain|how do i (?:negotiate|haggle|start|use this)|how to (?:negotiate|haggle)|^help",
    ),
  ],
];

/** Phrases the brief files under discount requests although they contain a push word. */
const DISCOUNT_BEFORE_PUSH = words(
  "(?:lower|reduce|drop|cut) (?:the|your) price|best price|best deal|any deal|what's your best|what is your best|your best offer",
);
const PUSH = words(
  [
    "better",
    "more",
    "lower",
    "cheaper",
    "come on",
    "not enough",
    "too (?:high|expensive|pricey|steep)",
    "go (?:down|lower|further)",
    "any (?:lower|further)",
    "best you can do",
    "is that (?:all|it|the best)",
    "really\\?",
    "seriously",
    "sweeten",
    "improve",
    "bump",
    "further",
    "bigger",
    "higher",
    "meet me",
    "in the middle",
    "halfway",
    "split the difference",
    "competitor",
    "elsewhere",
    "other store",
    "beat (?:that|it|their)",
    "price match",
    "more off",
    "still (?:too )?(?:high|expensive)",
    "más barato",
    "mas barato",
    "moins cher",
    "mieux",
    "billiger",
    "günstiger",
    "mehr",
  ].join("|"),
);
const DISCOUNT_REQUEST = words(
  [
    "discount",
    "discounts",
    "discounted",
    "deal",
    "deals",
    "offers?",
    "coupons?",
    "promo",
    "promos",
    "promotion",
    "vouchers?",
    "codes?",
    "sale",
    "negotiate",
    "negotiation",
    "haggle",
    "bargain",
    "reduce",
    "reduction",
    "markdown",
    "rebate",
    "cashback",
    "something off",
    "anything off",
    "money off",
    "price cut",
    "special price",
    "lower price",
    "descuento",
    "rebaja",
    "oferta",
    "rabais",
    "réduction",
    "remise",
    "rabatt",
    "nachlass",
    "angebot",
    "sconto",
  ].join("|"),
);
const REFUSE = words(
  "no|nope|nah|non|nein|no thanks|no thank you|too much|not interested|no way|forget it|i'll pass|pass|not for me|never|not now",
);
/** "no problem" is not a refusal: these are removed before looking for one. */
const NOT_REFUSAL = new RegExp(`(?<![${L}])(?:no problem|no worries|no doubt|no rush)(?![${L}])`, "giu");
const APPEAL = words(
  [
    "please",
    "pls",
    "plz",
    "student",
    "students",
    "broke",
    "birthday",
    "poor",
    "afford",
    "budget",
    "tight",
    "unemployed",
    "jobless",
    "veteran",
    "military",
    "teacher",
    "nurse",
    "single (?:mom|dad|parent|mother|father)",
    "christmas",
    "holidays?",
    "anniversary",
    "wedding",
    "gift",
    "loyal",
    "regular customer",
    "returning customer",
    "long[- ]time customer",
    "good customer",
    "big fan",
    "love (?:this|your) (?:shop|store)",
    "first (?:time|order|purchase)",
    "hard times",
    "struggling",
    "help me out",
    "be nice",
    "favou?r",
    "por favor",
    "s'il (?:te|vous) pla[iî]t",
    "bitte",
  ].join("|"),
);
const GOODBYE = words(
  "bye|goodbye|good bye|bye bye|see you|see ya|later|farewell|adios|adiós|au revoir|tschüss|tschuss|ciao|good night|have a (?:good|nice|great) (?:day|one|night|evening)",
);
const THANKS = words("thanks|thank you|thank u|thx|ty|cheers|appreciate|appreciated|gracias|merci|danke");
const GREETING = words(
  "hi|hello|hey|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening|day)|hola|buenos d[ií]as|bonjour|salut|hallo|guten (?:tag|morgen|abend)|what's up|sup",
);
const OTHER_TALK = words(
  "how are you|how's it going|nice|cool|great|awesome|lol|haha|sounds good|perfect|i'll take it|let's do it|wow|interesting|no problem|no worries",
);

// ---------------------------------------------------------------- figures -> ask

interface Candidate {
  token: NumberToken;
  score: number;
  ask: ShopperAsk | "negative";
}

function wordList(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];
}

function variants(word: string): string[] {
  const out = [word];
  if (word.endsWith("es") && word.length > 4) out.push(word.slice(0, -2));
  if (word.endsWith("s") && word.length > 3) out.push(word.slice(0, -1));
  return out;
}

function contentWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of wordList(normalizeForFigures(text))) {
    if (w.length < 3 || STOP_WORDS.has(w) || /^\d+$/.test(w)) continue;
    for (const v of variants(w)) out.add(v);
  }
  return out;
}

/** The one line the message names clearly (more matching words than any other line), if any. */
function namedLine(messageWords: string[], context: ParseContext): string | null {
  const said = new Set<string>();
  for (const w of messageWords) {
    if (w.length < 3 || STOP_WORDS.has(w) || /^\d+$/.test(w)) continue;
    said.add(w);
  }
  let best: { id: string; score: number } | null = null;
  let tie = false;
  for (const line of context.lines) {
    const lineWords = contentWords(`${line.name} ${line.brand} ${line.category}`);
    let score = 0;
    for (const w of said) if (variants(w).some((v) => lineWords.has(v))) score += 1;
    if (score === 0) continue;
    if (!best || score > best.score) {
      best = { id: line.cartItemId, score };
      tie = false;
    } else if (score === best.score) {
      tie = true;
    }
  }
  return best && !tie ? best.id : null;
}

function productWordSet(context: ParseContext): Set<string> {
  const out = new Set<string>();
  for (const line of context.lines) {
    for (const w of contentWords(`${line.name} ${line.brand} ${line.category}`)) out.add(w);
  }
  return out;
}

/** Positions of clause breaks: , . ; : ! ? and newlines, except a comma or dot inside a number. */
function clauseBreaks(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === ";" || c === ":" || c === "!" || c === "?" || c === "\n") out.push(i);
    else if ((c === "," || c === ".") && !(/\d/.test(s[i - 1] ?? "") && /\d/.test(s[i + 1] ?? "")))
      out.push(i);
  }
  return out;
}

function chooseAsk(s: string, context: ParseContext, questionContext: boolean): Candidate | null {
  const tokens = scanNumbers(s);
  if (tokens.length === 0) return null;
  const breaks = clauseBreaks(s);
  const messageWords = wordList(s);
  const productWords = productWordSet(context);
  const candidates: Candidate[] = [];

  for (const token of tokens) {
    const clauseStart = breaks.filter((b) => b < token.start).pop() ?? -1;
    const clauseEnd = breaks.find((b) => b >= token.end) ?? s.length;
    const before = wordList(s.slice(clauseStart + 1, token.start)).slice(-4);
    const after = wordList(s.slice(token.end, clauseEnd)).slice(0, 4);
    const last = before[before.length - 1] ?? "";
    const last2 = before.slice(-2);
    const next = after[0] ?? "";

    const amountOff =
      after.slice(0, 3).includes("off") ||
      AMOUNT_AFTER_IMMEDIATE.has(next) ||
      AMOUNT_BEFORE.has(last) ||
      before.slice(-3).some((w) => w === "knock" || w === "shave") ||
      AMOUNT_BEFORE_PAIRS.some(([a, b]) => before[before.length - 2] === a && last === b);
    const totalWord = [...before, ...after].some((w) => TOTAL_WORDS.has(w));
    const strong = before.slice(-3).some((w) => STRONG_PAY.has(w));
    const weak = WEAK_PAY.has(last);
    const penalty = last2.some((w) => PENALTY_BEFORE.has(w));
    const threshold = last2.some((w) => THRESHOLD_BEFORE.has(w));

    let score: number;
    let ask: Candidate["ask"];
    if (token.unit === "percent") {
      let bp = Math.round(hundredthsOf(token));
      const paysShare =
        !after.slice(0, 3).some((w) => w === "off" || AMOUNT_AFTER_IMMEDIATE.has(w)) &&
        (last2.includes("pay") ||
          (next === "of" &&
            ["price", "total", "subtotal", "cart", "list", "original", "value"].includes(
              after[1] === "the" ? (after[2] ?? "") : (after[1] ?? ""),
            )));
      if (paysShare && bp <= 10000) bp = 10000 - bp;
      score = 5;
      ask = { kind: "percent", percent: bp };
    } else {
      const isMoney = token.unit === "money";
      if (!isMoney) {
        if (
          COUNTING_NOUNS.has(next) ||
          productWords.has(next) ||
          variants(next).some((v) => productWords.has(v))
        )
          continue;
        const rest = wordList(`${s.slice(0, token.start)} ${s.slice(token.end)}`);
        const alone = rest.every((w) => FILLER.has(w));
        if (!amountOff && !totalWord && !strong && !weak && !alone) continue;
      }
      if (questionContext && (threshold || !(amountOff || strong))) continue;
      const cents = Math.round(hundredthsOf(token));
      score = amountOff ? 4 : totalWord ? 3 : strong ? 2.5 : weak ? 2 : 1;
      if (isMoney) score += 0.5;
      if (amountOff) ask = { kind: "amount", amount: cents };
      else if (totalWord) ask = { kind: "total", total: cents };
      else {
        const lineId = namedLine(messageWords, context);
        ask = lineId
          ? { kind: "item-price", cartItemId: lineId, price: cents }
          : { kind: "total", total: cents };
      }
    }
    if (penalty) score -= 2.5;
    if (token.negative) ask = "negative";
    candidates.push({ token, score, ask });
  }
  let best: Candidate | null = null;
  for (const c of candidates) if (!best || c.score >= best.score) best = c;
  return best;
}

// ---------------------------------------------------------------- the parser

export function parseShopperMessage(text: string, context: ParseContext): ShopperIntent {
  try {
    if (typeof text !== "string") return { type: "unknown" };
    const safeContext: ParseContext = {
      subtotal: context?.subtotal ?? 0,
      lines: Array.isArray(context?.lines) ? context.lines : [],
    };
    return parse(normalizeForFigures(text.slice(0, MAX_PARSED_LENGTH)).trim(), safeContext);
  } catch {
    return { type: "unknown" };
  }
}

function questionTopic(s: string): QuestionTopic | null {
  for (const [topic, re] of QUESTIONS) if (re.test(s)) return topic;
  return null;
}

function parse(s: string, context: ParseContext): ShopperIntent {
  if (s === "") return { type: "unknown" };
  const topic = questionTopic(s);
  const figure = chooseAsk(s, context, topic !== null);
  if (figure) return figure.ask === "negative" ? { type: "unknown" } : { type: "ask", ask: figure.ask };

  const acceptance = readAcceptance(s);
  if (acceptance === "refuse") return { type: "refuse" };
  if (acceptance === "accept") return { type: "accept" };
  if (acceptance !== null) return acceptance;
  return withoutFigures(s, topic);
}

/** Everything but figures and acceptance, in priority order. */
function withoutFigures(s: string, topic: QuestionTopic | null): ShopperIntent {
  if (topic) return { type: "question", topic };
  if (DISCOUNT_BEFORE_PUSH.test(s)) return { type: "discount-request" };
  if (PUSH.test(s)) return { type: "push" };
  if (DISCOUNT_REQUEST.test(s)) return { type: "discount-request" };
  if (REFUSE.test(s.replace(NOT_REFUSAL, " "))) return { type: "refuse" };
  if (APPEAL.test(s)) return { type: "discount-request" };
  if (GOODBYE.test(s)) return { type: "small-talk", topic: "goodbye" };
  if (THANKS.test(s)) return { type: "small-talk", topic: "thanks" };
  if (GREETING.test(s)) return { type: "small-talk", topic: "greeting" };
  if (OTHER_TALK.test(s)) return { type: "small-talk", topic: "other" };
  return { type: "unknown" };
}

/**
 * "accept" / "refuse" from the last acceptance word (negated within the three words before it in
 * its clause: "no deal", "I don't accept", "not a deal"), or what follows a "but" after it
 * ("ok but can you do better?" -> push). null when there is no acceptance word.
 */
function readAcceptance(s: string): "accept" | "refuse" | ShopperIntent | null {
  const breaks = clauseBreaks(s);
  let found: { end: number; negated: boolean } | null = null;
  ACCEPTANCE.lastIndex = 0;
  for (let m = ACCEPTANCE.exec(s); m !== null; m = ACCEPTANCE.exec(s)) {
    const index = m.index;
    const clauseStart = breaks.filter((b) => b < index).pop() ?? -1;
    const before = wordList(s.slice(clauseStart + 1, index)).slice(-3);
    const word = m[0];
    const prior = before[before.length - 1] ?? "";
    if (word === "deal" && DEAL_NOT_AGREEMENT.has(prior)) continue;
    // "give me a deal", "can I get a deal": a request, not agreement.
    if (word === "deal" && prior === "a" && DEAL_REQUEST_VERBS.has(before[before.length - 2] ?? "")) continue;
    const negated = before.some((w) => NEGATORS.has(w)) || before[before.length - 1] === "no";
    found = { end: index + word.length, negated };
  }
  if (!found && SPANISH_SI.test(s) && wordList(s).length <= 3) return "accept";
  if (!found) return null;
  if (found.negated) return "refuse";
  const but = /(?<![\p{L}])but(?![\p{L}])/u.exec(s.slice(found.end));
  if (but) {
    const rest = s.slice(found.end + but.index + 3);
    const intent = withoutFigures(rest, questionTopic(rest));
    if (intent.type !== "unknown" && intent.type !== "small-talk") return intent;
  }
  return "accept";
}
