import { MONEY_AMOUNT, PERCENT_WORDS } from "../text/figures.ts";
import { UNIT_WORDS } from "../text/number-words.ts";
import { LN, words } from "./request-scanner.ts";

/**
 * The fixed phrases of the assistant's request parser (everything but product words and the
 * catalogue's own names): price bounds, quantities, ratings, sale, stock, gifts, sort and
 * price-direction words, follow-up markers, and the stop words left out of the search text.
 */

/** Quantity words: one..twelve. */
export const COUNT_WORDS: Readonly<Record<string, number>> = {
  ...UNIT_WORDS,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const COUNT_WORD = Object.keys(COUNT_WORDS).join("|");

/** What a number is not a price of when no currency says so. */
export const NOT_MONEY_AFTER =
  /^\s*(?:\+?\s*stars?|options?|items?|products?|results?|picks?|ideas?|pieces?|pcs|pack|person|people|ft|feet|foot|inch(?:es)?|cm|mm|kg|lbs?|pounds?|oz|ounces?|mah|watts?|w|gb|tb|quarts?|qt|l|liters?|litres?|ml|degrees?|years?|yrs?|months?|days?|percent|%|x)(?![\p{L}\p{N}])/u;

export const P = {
  percentOff: words(
    `(?:up to |at least |over )?\\d{1,2}(?:\\.\\d)? ?(?:%|${PERCENT_WORDS})(?: off| discount)`,
  ),
  starsNumeric: words(
    "(?:(?:at least|min(?:imum)?|over|above|rated|with) )?(\\d(?:\\.\\d)?|one|two|three|four|five)\\s*\\+?[\\s-]*stars?(?: (?:and up|or (?:more|higher|above|better)|plus|rated|ratings?|reviews?))?\\+?",
  ),
  ratedNumeric: words(
    "rated (?:at least |over |above )?(\\d(?:\\.\\d)?)(?:\\s*\\+| or (?:more|higher|above|better)| and up)?",
  ),
  size: words("(?:in )?(?:a )?(?:us |uk |eu )?size (?:\\d{1,2}(?:\\.5)?|xx?s|xx?l|s|m|l|small|medium|large)"),
  /** A child's age: "a 7 year old", "aged 5", "he's 6", "my nephew is 6", "who turns 8". */
  age: words(
    "(?:a )?(\\d{1,2}) ?(?:years?|yrs?|y) ?olds?|aged? (\\d{1,2})|(?:(?:he|she|who|nephew|niece|son|daughter|kid|child|boy|girl|grandson|granddaughter)(?:'s| is| turns| is turning|'s turning| turned)|hes|shes) (\\d{1,2})(?! ?(?:\\$|dollars?|bucks|usd|%|stars?))",
  ),
  anyPrice: words(
    "any price|all prices|any budget|no budget|price doesn'?t matter|regardless of price|money is no object",
  ),
  range: [
    words(`between (${MONEY_AMOUNT}) (?:and|to|-|–) (${MONEY_AMOUNT})`),
    words(`from (${MONEY_AMOUNT}) (?:to|-|–|until) (${MONEY_AMOUNT})`),
    new RegExp(`(?<![${LN}])(${MONEY_AMOUNT})\\s*(?:-|–|to)\\s*(${MONEY_AMOUNT})(?![${LN}])`, "gu"),
  ],
  around: [
    new RegExp(
      `(?<![${LN}])(?:(?:somewhere )?around|about|approx(?:imately|\\.)?|roughly|near|close to|circa|in the region of|ballpark(?: of)?)\\s+(${MONEY_AMOUNT})(?![${LN}])`,
      "gu",
    ),
    new RegExp(`~\\s*(${MONEY_AMOUNT})(?![${LN}])`, "gu"),
    new RegExp(`(?<![${LN}])(${MONEY_AMOUNT})(?:\\s*-?\\s*ish| or so| give or take)(?![${LN}])`, "gu"),
  ],
  max: [
    new RegExp(
      `(?<![${LN}])(?:under|below|beneath|less than|lower than|cheaper than|no more than|not more than|no higher than|not over|at most|max(?:imum)?|up to|upto|within|(?:my )?budget(?: of| is|:)?|tops|no pricier than)\\s*(${MONEY_AMOUNT})(?![${LN}])`,
      "gu",
    ),
    new RegExp(`<=?\\s*(${MONEY_AMOUNT})(?![${LN}])`, "gu"),
    new RegExp(
      `(?<![${LN}])(${MONEY_AMOUNT})\\s*(?:or less|or under|or below|and under|and below|max(?:imum)?|tops|at most|or cheaper|budget|limit)(?![${LN}])`,
      "gu",
    ),
  ],
  min: [
    new RegExp(
      `(?<![${LN}])(?:over|above|more than|greater than|higher than|at least|min(?:imum)?|from|starting (?:at|from)|upwards of|north of|no less than|not less than|pricier than|more expensive than|costlier than)\\s*(${MONEY_AMOUNT})(?![${LN}])`,
      "gu",
    ),
    new RegExp(`>=?\\s*(${MONEY_AMOUNT})(?![${LN}])`, "gu"),
    new RegExp(
      `(?<![${LN}])(${MONEY_AMOUNT})\\s*(?:or more|and up|and above|and over|plus|or higher|or above|minimum|min|at least)(?![${LN}])|(?<![${LN}])(${MONEY_AMOUNT})\\+`,
      "gu",
    ),
  ],
  budget: new RegExp(`(?<![${LN}])(?:for|with|spend|have|got)\\s+(${MONEY_AMOUNT})(?![${LN}])`, "gu"),
  bare: new RegExp(`(?<![${LN}])(${MONEY_AMOUNT})(?![${LN}])`, "gu"),
  topN: words(`(top|best|first) (\\d{1,3}|${COUNT_WORD})`),
  countNoun: words(
    `(\\d{1,3}|${COUNT_WORD}) (?:more )?(?:options?|items?|products?|results?|picks?|ideas?|suggestions?|choices?|recommendations?|things?|ones|alternatives?|of them)`,
  ),
  one: words("a single|just one|only one|top one|one single"),
  halfDozen: words("half a dozen"),
  dozen: words("a dozen|dozen"),
  couple: words("a couple(?: of)?|couple of"),
  few: words("a few|few|some"),
  handful: words("a handful(?: of)?|several"),
  countWord: new RegExp(
    `(?<![${LN}-])(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?![${LN}-])`,
    "gu",
  ),
  digitCount: new RegExp(`(?<![${LN}.,$-])(\\d{1,3})(?![${LN}.,%-])`, "gu"),
  /** The person a gift is for, "my little nephew", "my 6 year old niece" (the age already taken). */
  recipient: words(
    "(?:for (?:my |a |an |the |our |his |her |your )?|(?:my|our) )(?:(?:little|baby|big|older|younger|elder|teenage|teen|elderly|\u0001+) )?(?:dad|daddy|father|mom|mommy|mother|mum|wife|husband|partner|spouse|girlfriend|boyfriend|fianc[eé]e?|best friend|friends?|sister|brother|siblings?|cousins?|grandma|grandmother|granny|gran|nana|nan|grandpa|grandfather|grandad|granddad|grandparents|parents|son|daughter|niece|nephew|aunt|uncle|boss|coworker|co-worker|colleague|teacher|in-laws?|him|her|someone|somebody|family)",
  ),
  occasion: words(
    "birthday|christmas|xmas|hanukkah|anniversary|valentine'?s?(?: day)?|mother'?s day|father'?s day|stocking stuffers?|secret santa|housewarming|graduation|wedding|baby shower",
  ),
  /** A gift word that says what the product is for ("as a gift"), not what to look for. */
  giftModifier: words(
    "(?:as|for) (?:a )?(?:gift|present)|gift ?wrap(?:ped|ping)?|(?:to )?give (?:it )?as (?:a )?gift",
  ),
  gift: words("gifts?|gifting|presents?|gift ideas?"),
  /** A question about the whole shop ("What's on sale?"), not about the products shown. */
  wholeShop: words(
    "what(?:'s| is| are)(?: there| currently| now)? (?:on sale|discounted|reduced|in the sale|on offer|on special)|what (?:deals|discounts|sales|offers|bargains|specials) (?:do you have|are there|have you got)|what (?:do you have|have you got) on sale|(?:everything|all products|all items) (?:on sale|discounted)|(?:today'?s|current) (?:deals|offers|specials)",
  ),
  sale: words(
    "(?:best|good|great|hot|top|any) (?:deals?|bargains?|offers?)|on sale|sales?|deals?|discount(?:s|ed)?|reduced|marked down|markdowns?|clearance|bargains?|special offers?|offers|promos?|promotions?|specials|savings",
  ),
  stock: words(
    "in stock|available (?:now|today|right now|immediately)|(?:currently|immediately) available|ready to ship|ships? (?:now|today|right away|immediately)|not sold out|not out of stock|available ones|(?:that|which) (?:are|is) available",
  ),
  bestRated: words("(?:best|top) (?:rated|reviewed|ranked|reviews)|five star|5 star|5 stars|5\\*"),
  highRated: words(
    "highest (?:rated|reviewed|ranked)|highly (?:rated|reviewed)|well (?:rated|reviewed)|(?:good|great|positive|excellent) (?:reviews|ratings)|most popular|popular|best ?sell(?:ers?|ing)|trending",
  ),
  best: words("best|finest|greatest"),
  cheaper: words(
    "(?:a )?(?:bit |little |lot |even )?(?:cheaper|less expensive|more affordable|less pricey)|lower (?:priced|price|cost)|(?:lower|smaller) budget|too (?:expensive|pricey|much)|(?:a )?(?:bit|little|tad) (?:much|steep|pricey|expensive)|over my budget|out of my (?:budget|price range)|(?:i'?m |we'?re )?on a (?:tight |small |limited |low |strict |student |shoestring )?budget",
  ),
  pricier: words(
    "(?:a )?(?:bit |little |lot |even )?(?:more expensive|pricier|fancier|higher end|more premium|more upscale)|bigger budget|higher budget",
  ),
  cheap: words(
    "not (?:too |very |that |so )?(?:expensive|pricey)|cheap|cheapest|affordable|inexpensive|budget(?: friendly)?|low cost|low price|low to high|lowest (?:price|priced)(?: first)?|price low to high|economical",
  ),
  premium: words(
    "premium|luxury|luxurious|high end|top of the line|upscale|most expensive|priciest|expensive|high to low|highest (?:price|priced)(?: first)?|price high to low",
  ),
  clearBrands: words("(?:other|different|another|any|all) brands?|brand doesn'?t matter"),
  also: words("also|too|as well(?: as)?|additionally|in addition"),
  marker: words(
    "what about|how about|and what about|ones?|them|those|these|more|others?|else|different|instead|only|just|alternatives?|similar|same|but|even|again|rather|any more|anymore",
  ),
  moreLike: words(
    "more like|(?:something|anything|ones?|others?) (?:like|similar to)|similar to|along the lines of|in the same style as",
  ),
  ordinal: words(
    "(?:the|that|this) (first|second|third|fourth|fifth|sixth|last|1st|2nd|3rd|4th|5th|6th)(?: one| option| pick| item| product| of them| you showed| on the list)?|(?<!on )(first|second|third|fourth|fifth|sixth|last|1st|2nd|3rd|4th|5th|6th) (?:one|option|pick|item|product)|(?:number|no\\.?|#) ?([1-6])|(?:option|item|pick) ([1-6]|one|two|three|four|five|six)",
  ),
  /** A shown product not wanted: "not that one", "nah not the second one", "i don't like the first one". */
  notShown: new RegExp(
    `(?<![${LN}])(?:not|no|nah|don'?t (?:like|want)|do not (?:like|want)|not a fan of|not keen on|not into|skip|hate)\\s+(?=(?:that|this|the (?:first|second|third|fourth|fifth|sixth|last|1st|2nd|3rd|4th|5th|6th))(?:\\s+(?:one|option|pick))?\\s*(?:[,.!?]|$))`,
    "gu",
  ),
  /**
   * A question about something already shown ("is it waterproof?", "tell me more about that one"),
   * its price asked of a pronoun too ("how much is it?", "what do they cost", "price?").
   */
  aboutShown:
    /^\s*(?:(?:so|and|ok|okay|hmm|oh),?\s+)?(?:how much (?:is|are|does|do|for) (?:it|they|them|those|these|that|this)(?![\p{L}\p{N}])|what (?:does|do|would|will) (?:it|they|those|these|that|this)(?: one| ones)? cost|what(?:'s| is) (?:the|its|their) (?:price|cost)(?: of (?:it|them|those|these|that|this)(?: one| ones)?)?\s*\??\s*$|(?:how much|price|cost|the price)\s*\??\s*$)|^\s*(?:(?:is|are|does|do|can|will|would|how|what|which) (?:it|that one|this one|that|this)\b|(?:can|could|should|do|how do|how should|will) i (?:[a-z']+ ){0,3}(?:it|that one|this one)(?![\p{L}\p{N}])|tell me (?:more )?about (?:it|that|this|the (?:first|second|third|fourth|fifth|sixth|last))|(?:more )?(?:details|info) (?:on|about) (?:it|that|this|the))/u,
  instead: words(
    "instead|actually|forget|never ?mind|nvm|switch(?:ing)? gears|(?:a )?(?:different|new|other|another) question|(?:i'?ve |i )?changed? my mind|scratch that|change of plans?|on second thought|let'?s (?:try|look at|switch to)|switch(?:ing)? to|moving on|(?:(?:something|anything|now) )?(?:completely|totally|entirely|altogether|quite) (?:different|unrelated|else)(?: (?:question|thing|topic|subject|now))?|(?:a )?(?:different|new|another) (?:topic|subject)|change (?:of )?(?:the )?(?:topic|subject)|on another note|unrelated(?: but| question)?",
  ),
  /**
   * Compared with what is shown, which ties a message to it: a size ("a bigger one", "smaller
   * ones"), which no product's record holds and is never searched for, or a trait ("warmer",
   * "thinner"), whose plain form (captured) is searched as one.
   */
  compared: words(
    "bigger|larger|smaller|roomier|more compact|lighter|heavier|(warm|soft|thick|bright|quiet|loud|strong|tough|long|short|dark)er|(thin)ner",
  ),
  /** "anything else for kids?", "other stuff for camping": beyond the kind shown, keeping what it is for. */
  widen: words("(?:anything|something|what) else|other (?:things|stuff|kinds? of things)"),
  /** A message opening on a link to what was asked or shown ("and ...", "which are good for ..."). */
  leadingMarker:
    /^\s*(?:and|or|but|with|without|in|plus|which (?:ones?|are|is|of (?:these|those|them)|would|will|do|does|can|should))(?![\p{L}\p{N}])/u,
} as const;

/** A shown product's place, by word ("the second one" -> 2; "the last one" -> -1). */
export const ORDINALS: Readonly<Record<string, number>> = {
  first: 1,
  "1st": 1,
  second: 2,
  "2nd": 2,
  third: 3,
  "3rd": 3,
  fourth: 4,
  "4th": 4,
  fifth: 5,
  "5th": 5,
  sixth: 6,
  "6th": 6,
  last: -1,
  // "option two", "pick three": the number words (the patterns read one to six).
  ...UNIT_WORDS,
};

export const NEGATION_BEFORE =
  /(?:^|[^\p{L}])(?:not|no|neither|except|without|excluding|other than|anything but|besides|but not|apart from|aren'?t|isn'?t|don'?t want|do not want|don'?t like|never|forget(?: about)?|skip|nothing|none of|minus|leave out|not into|don'?t need|don'?t show(?: me)?|hate|not in|nothing in|not (?:a |really a |much of a )?(?:big |huge )?fan of|not keen on|not crazy about|exclude|ditch|sick of|tired of|already (?:have|own|got))\s+(?:from\s+|by\s+|made by\s+|for\s+|with\s+|of\s+)?(?:a\s+|an\s+|any\s+|the\s+|more\s+|those\s+)?$/u;
/** "enough tents, what about ...", "ok enough of the jackets": only at the start of a sentence ("big enough for camping" is no no). */
export const ENOUGH_BEFORE =
  /(?:^|[,.!?;])\s*(?:ok(?:ay)?\s+|alright\s+)?enough\s+(?:of\s+)?(?:the\s+|those\s+|these\s+)?$/u;
/** Words after which a number is how many to show: "show me 5", "top 3", "give us 4". */
export const COUNT_LEADERS = new Set(["me", "us", "top", "first", "show", "list"]);
/** Words after which a number before a product word is how many to show: "want 2 tents". */
export const COUNT_PRECEDERS = new Set([
  "",
  "top",
  "best",
  "first",
  "me",
  "just",
  "only",
  "show",
  "give",
  "find",
  "get",
  "list",
  "want",
  "need",
  "see",
  "recommend",
  "suggest",
  "like",
  "us",
]);

/** Words that say a gift is for a child: kept when a gift's other words are relaxed. */
export const GIFT_AUDIENCE: ReadonlySet<string> = new Set([
  "kids",
  "kid",
  "children",
  "child",
  "toddler",
  "toddlers",
  "baby",
  "babies",
]);

export const STOP_WORDS = new Set(
  `a an the me my i i'm im i'd i've we us our you your it its is are am be been was were do does did
  have has had got get gets show shows showing see view browse find found search searching look looking
  want wanna wanted would like love need needs needed please pls plz thanks thank thx hi hello hey ok
  okay yes yeah no can could should will may might help recommend recommendations recommendation
  suggest suggestions suggestion idea ideas options option choices choice picks pick any anything
  something somethin stuff things thing item items product products one ones what what's whats which
  who where when why how there here that this these those them they to of for in on at with without
  from by about and or but so as than then just only also too very really maybe perhaps more most
  other others else different instead again same similar alternatives alternative even still all
  available buy buying purchase shop shopping store order price prices priced cost costs costing
  under over below above dollars dollar bucks usd kind kinds type types around good great nice cool
  new let let's lets give tell list gonna gotta don't dont not if into up out there's theres whatever
  offer carry sell sells selling got some few couple lot lots bit little much many kinda sort sorts
  else's oh um uh hmm well now today likes loves enjoys who's into lover lovers fan fans
  enthusiast enthusiasts fanatic fanatics buff buffs addict addicts junkie junkies person guy gal
  teen teens teenager teenagers son sons daughter daughters wife husband she he her him his hers they're
  she's he's plays play playing goes going obsessed started starting always really nice tonight weekend
  saturday sunday friday tomorrow myself yourself friend friends someone somebody make making doing
  does who's whos am pm crazy passionate keen adores nothing lol lmao haha omg idk tbh btw honestly
  literally basically totally total huge massive such absolutely nerd nerds geek geeks u ur nvm
  lemme gimme mean except excluding besides nah nope yep yup quid hate skip apart exclude already own enough`.split(
    /\s+/,
  ),
);

/**
 * What makes "my dad", "our son" (said without "for") the person a gift is for: a gift word or an
 * occasion, a verb of giving ("what can I get my mom"), what they like ("my wife loves perfume",
 * "my dad who hikes", "he's into golf") or a child's age. Without any ("my partner snores",
 * "my husband keeps losing his keys"), the person is part of a situation, not a recipient.
 */
export const SAYS_A_GIFT = new RegExp(
  `(?<![${LN}])(?:gifts?|gifting|presents?|b(?:irth)?days?|christmas|xmas|hanukkah|anniversary|valentine|mother'?s day|father'?s day|graduation|wedding|housewarming|stocking|secret santa|get|buy|give|surprise|spoil|treat|who|whos|loves?|likes|enjoys?|into|obsessed|fan|passionate|crazy about|mad about|addicted|(?:would|will|might) (?:he|she|they) like|is \\d+|turning \\d+|\\d+ ?(?:yo|years?))(?![${LN}])`,
  "u",
);

/** Words for a recipient that name nobody in particular: "for her" is whoever was meant before. */
const ANYONE = /^(?:him|her|someone|somebody)$/u;

/** The person of a recipient phrase, by their last word ("for my little sister" -> "sister"). */
export function recipientOf(phrase: string): string | null {
  const person = phrase.trim().split(/\s+/).at(-1) ?? "";
  return person === "" || ANYONE.test(person) ? null : person;
}
