/**
 * The words around a figure that tell the negotiation parser what the figure is: an amount off
 * ("$20 off", "knock 30 off"), a total ("100 for everything"), a price the shopper would pay
 * ("I'd pay 80"), or a number that is no ask at all ("was $120", "2 items"). Read by
 * read-shopper-ask.ts; lower-case words as wordList() splits them.
 */

export const STOP_WORDS = new Set(
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

export const COUNTING_NOUNS = new Set(
  (
    "item items piece pieces pcs unit units pair pairs of more x years year yrs days day hours hour " +
    "minutes minute mins weeks week months month kids children times orders people things ones"
  ).split(" "),
);

export const AMOUNT_AFTER_IMMEDIATE = new Set([
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
export const AMOUNT_BEFORE = new Set(["knock", "shave", "minus", "save", "rebate", "off"]);
export const AMOUNT_BEFORE_PAIRS = [
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
export const TOTAL_WORDS = new Set([
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
export const STRONG_PAY = new Set([
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
export const WEAK_PAY = new Set(["at", "to", "for", "price", "only", "just", "it", "me", "maybe", "say"]);
export const PENALTY_BEFORE = new Set([
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
export const THRESHOLD_BEFORE = new Set(["over", "above", "under", "below", "least", "than", "minimum"]);
export const FILLER = new Set(
  (
    "ok okay so then well hmm maybe how about what say let's lets fine just only and or um uh yes no " +
    "please pls would could can you do i it is that like alright right hey hi sure final my offer"
  ).split(" "),
);
