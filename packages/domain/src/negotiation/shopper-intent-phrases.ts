import type { QuestionTopic } from "./negotiation-types.ts";

/**
 * Phrases the negotiation parser reads intents by when a message states no figure: questions
 * by topic, pushes, discount requests, refusals, appeals and small talk, and the words that
 * negate an acceptance. Case-insensitive, whole words, Unicode-aware; matched against text
 * normalized by normalizeForFigures.
 */

/** Letters, digits and "_": what a whole word may not touch. */
export const WORD_CHARS = "\\p{L}\\p{N}_";

/** A case-insensitive regex matching any of the alternatives as whole words (Unicode-aware). */
function words(alternatives: string): RegExp {
  return new RegExp(`(?<![${WORD_CHARS}])(?:${alternatives})(?![${WORD_CHARS}])`, "iu");
}

export const NEGATORS = new Set([
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
export const DEAL_NOT_AGREEMENT = new Set([
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

export const DEAL_REQUEST_VERBS = new Set(["me", "us", "get", "need", "want", "got", "find", "have", "any"]);

export const QUESTIONS: [QuestionTopic, RegExp][] = [
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
export const DISCOUNT_BEFORE_PUSH = words(
  "(?:lower|reduce|drop|cut) (?:the|your) price|best price|best deal|any deal|what's your best|what is your best|your best offer",
);
export const PUSH = words(
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
    "(?:is|was) (?:that|this|it) (?:really |truly )?(?:your|the) best",
    "(?:that's|thats|that is|this is|it's) (?:really |truly )?(?:your|the) best",
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
export const DISCOUNT_REQUEST = words(
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
export const REFUSE = words(
  "no|nope|nah|non|nein|no thanks|no thank you|too much|not interested|no way|forget it|i'll pass|pass|not for me|never|not now",
);
/** "no problem" is not a refusal: these are removed before looking for one. */
export const NOT_REFUSAL = new RegExp(
  `(?<![${WORD_CHARS}])(?:no problem|no worries|no doubt|no rush)(?![${WORD_CHARS}])`,
  "giu",
);
export const APPEAL = words(
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
export const GOODBYE = words(
  "bye|goodbye|good bye|bye bye|see you|see ya|later|farewell|adios|adiós|au revoir|tschüss|tschuss|ciao|good night|have a (?:good|nice|great) (?:day|one|night|evening)",
);
export const THANKS = words(
  "thanks|thank you|thank u|thx|ty|cheers|appreciate|appreciated|gracias|merci|danke",
);
export const GREETING = words(
  "hi|hello|hey|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening|day)|hola|buenos d[ií]as|bonjour|salut|hallo|guten (?:tag|morgen|abend)|what's up|sup",
);
export const OTHER_TALK = words(
  "how are you|how's it going|nice|cool|great|awesome|lol|haha|sounds good|perfect|i'll take it|let's do it|wow|interesting|no problem|no worries",
);
