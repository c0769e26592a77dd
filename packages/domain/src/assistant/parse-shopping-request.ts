import { type Cents, formatUsd } from "../pricing/money.ts";
import type { ProductSearchFilters, SearchSort, ShoppingRequest } from "./shopping-request.ts";

/**
 * The built-in shopping assistant's reading of a chat, without any LLM: the shopper's messages
 * become one structured search (free-text words + filters + sort + how many to show).
 *
 * Each message is read on its own (brands, prices, sale, stock, ratings, gifts, quantities,
 * categories and product words are taken out in that order; what is left, minus stop words,
 * is free text), then the messages are folded oldest first: each one either refines the request
 * so far (a follow-up) or starts a new one.
 *
 * Follow-up or new request (the last message decides `refined`):
 * - A message naming a category or product type ("headphones", "books", "a cookbook") starts a
 *   new request, unless all its categories are already in the previous request and it also
 *   carries a refinement ("what about sneakers?" after running shoes keeps the price bounds).
 *   Activity and people words ("for hiking", "a gift for a gamer") are not product words: they
 *   give a category only to a message that names no product, and never replace the categories
 *   of the request they refine.
 * - A new request keeps the previous price bounds, on-sale, in-stock, rating floor and gift tag
 *   only when it says "also" / "too" / "as well" ("headphones too?"); otherwise it starts over.
 * - A message without product words is a follow-up when it carries a refinement: a brand, a
 *   price bound, sale, stock, rating, sort or price-direction word, a quantity, a gift word, or a
 *   follow-up word (ones, them, more, other, else, different, instead, only, just, also, what
 *   about...). Anything else (only free words, e.g. "asdf qwerty") is a new request; a message
 *   with nothing in it ("thanks") is a new, empty request.
 * - A request of filters only ("What's on sale?", "Gifts under $100") is narrowed by any next
 *   message with something in it: "headphones" then means headphones on sale.
 * - A follow-up of an empty request is read as a new request.
 *
 * Refinement rules (documented choices; the engine does not know prices):
 * - "cheaper" / "less expensive" / "too expensive": sort price-low and, when the request had a
 *   maxPrice, lower it by 30% (a floor above the new cap is dropped); an "around $X" request is
 *   re-centred on 70% of X. An explicit bound in the same message wins over the 30% rule.
 * - "more expensive" / "pricier" / "fancier": sort price-high; the old cap becomes the floor
 *   (and the cap goes); an "around $X" request is re-centred on 130% of X.
 * - A new bound replaces the same bound and drops the other one if they would cross; bounds
 *   derived from "around $X" are dropped by any explicit bound.
 * - Brands in a follow-up replace the previous brands ("only Nike"), or are added with "also"
 *   / "too"; "not Nike" removes a brand; "other brands" / "any brand" clears them.
 * - Free words of a follow-up are added to the text; product words replace the previous ones.
 *
 * Never throws; long input is cut, only the last messages are read.
 */

export interface ShoppingCatalogNames {
  categories: string[];
  brands: string[];
}

export type ParsedShoppingRequest = ShoppingRequest & {
  /** The last message refined the previous request instead of starting a new one. */
  refined: boolean;
  /** Short phrases of what was understood, for the reply ("Footwear", "under $100.00", ...). */
  understood: string[];
};

export const DEFAULT_LIMIT = 6;
export const MAX_LIMIT = 12;
/** Longer messages are cut: a shopping request is a sentence or two. */
export const MAX_MESSAGE_LENGTH = 500;
/** Only the most recent messages are folded. */
export const MAX_MESSAGES = 12;
/** "cheaper ones?" lowers the previous maxPrice to 70% of it. */
export const CHEAPER_FACTOR = 0.7;
/** "more expensive" re-centres an "around $X" request on 130% of X. */
export const PRICIER_FACTOR = 1.3;
/** "best rated" / "top rated" / "five star". */
export const BEST_RATING = 4.5;
const MAX_PRICE_CENTS = 100_000_000;
const MAX_TEXT_WORDS = 12;
const MAX_WORD_LENGTH = 40;

// ---------------------------------------------------------------- regex helpers

const LN = "\\p{L}\\p{N}";
const MASK = "\u0001";

/** In a phrase, a space means spaces or hyphens and " ?" an optional one ("t ?shirt": "t-shirt", "tshirt"). */
function spaced(phrase: string): string {
  return phrase.replace(/ \?/g, "[\\s-]*").replace(/ /g, "[\\s-]+");
}

/** Whole words, global; the text is lower-cased before matching. */
function words(phrase: string): RegExp {
  return new RegExp(`(?<![${LN}])(?:${spaced(phrase)})(?![${LN}])`, "gu");
}

/** "a|b(?:c|d)|e" -> ["a", "b(?:c|d)", "e"]: alternatives outside parentheses. */
function topLevelAlternatives(source: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      out.push(source.slice(start, i));
      start = i + 1;
    }
  }
  out.push(source.slice(start));
  return out;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Lower case, "and" for "&", one space: how catalogue names are compared. */
function nameKey(name: string): string {
  return name.normalize("NFKC").toLowerCase().replace(/&/g, " and ").replace(/\s+/g, " ").trim();
}

/** Text with spans taken out: a taken span is masked so no later pattern reads it. */
class Scanner {
  text: string;
  readonly original: string;

  constructor(text: string) {
    this.text = text;
    this.original = text;
  }

  /** Runs `pattern` (global) over what is left; a match is masked when `onMatch` returns true. */
  take(pattern: RegExp, onMatch: (match: RegExpExecArray, at: number) => boolean): void {
    pattern.lastIndex = 0;
    const snapshot = this.text;
    for (const match of snapshot.matchAll(pattern)) {
      const at = match.index ?? 0;
      if (match[0].length === 0 || !onMatch(match, at)) continue;
      this.text =
        this.text.slice(0, at) + MASK.repeat(match[0].length) + this.text.slice(at + match[0].length);
    }
  }

  /** The word just before `at` in the original text ("" at the start). */
  wordBefore(at: number): string {
    const m = /([\p{L}\p{N}']+)[^\p{L}\p{N}]*$/u.exec(this.original.slice(Math.max(0, at - 40), at));
    return m?.[1] ?? "";
  }
}

// ---------------------------------------------------------------- numbers and prices

const UNITS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
const TEENS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
/** Quantity words: one..twelve. */
const COUNT_WORDS: Record<string, number> = { ...UNITS, ten: 10, eleven: 11, twelve: 12 };
const COUNT_WORD = Object.keys(COUNT_WORDS).join("|");
const UNIT = Object.keys(UNITS).join("|");
const SPELLED = `(?:a|one|${UNIT}) (?:hundred|thousand|grand)|(?:${Object.keys(TENS).join("|")})(?:[\\s-](?:${UNIT}))?|${Object.keys(TEENS).join("|")}|hundred`;
const DIGITS = "(?:\\d{1,3}(?:,\\d{3})+|\\d{1,9})(?:\\.\\d{1,2})?|\\.\\d{1,2}";
/** A price: "$1,299.99", "50 dollars", "USD 20", "1.5k", "fifty bucks", "a hundred". */
const AMOUNT = `(?:\\$|usd ?)?\\s?(?:${DIGITS}|${SPELLED.replace(/ /g, "\\s+")})(?:k(?![${LN}]))?(?:\\s?(?:dollars?|bucks|usd|\\$)(?![${LN}]))?`;
/** What a number is not a price of when no currency says so. */
const NOT_MONEY_AFTER =
  /^\s*(?:\+?\s*stars?|options?|items?|products?|results?|picks?|ideas?|pieces?|pcs|pack|person|people|ft|feet|foot|inch(?:es)?|cm|mm|kg|lbs?|pounds?|oz|ounces?|mah|watts?|w|gb|tb|quarts?|qt|l|liters?|litres?|ml|degrees?|years?|yrs?|months?|days?|percent|%|x)(?![\p{L}\p{N}])/u;

function spelledNumber(text: string): number | null {
  const parts = text
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);
  let total = 0;
  let current = 0;
  for (const part of parts) {
    if (part === "a") current = 1;
    else if (part in UNITS) current += UNITS[part] ?? 0;
    else if (part in TEENS) current += TEENS[part] ?? 0;
    else if (part in TENS) current += TENS[part] ?? 0;
    else if (part === "hundred") current = (current || 1) * 100;
    else if (part === "thousand" || part === "grand") {
      total += (current || 1) * 1000;
      current = 0;
    } else return null;
  }
  return total + current;
}

interface Amount {
  cents: Cents;
  currency: boolean;
}

function parseAmount(raw: string): Amount | null {
  const text = raw.trim().toLowerCase();
  const currency = /\$|dollar|buck|usd/.test(text);
  let body = text.replace(/\$|usd|dollars?|bucks/g, "").trim();
  let multiplier = 1;
  if (/\dk$|^[a-z\s-]+k$/.test(body)) {
    multiplier = 1000;
    body = body.slice(0, -1).trim();
  }
  let dollars: number | null;
  if (/^[\d.,]+$/.test(body)) dollars = Number(body.replace(/,/g, ""));
  else dollars = spelledNumber(body);
  if (dollars === null || !Number.isFinite(dollars)) return null;
  const cents = Math.min(MAX_PRICE_CENTS, Math.max(0, Math.round(dollars * multiplier * 100)));
  return { cents, currency };
}

// ---------------------------------------------------------------- vocabulary

/**
 * [pattern, category, text]: product words of the seeded catalogue and their category; `text`
 * is what the search should look for ("" for words naming a whole category, such as "shoes",
 * which only become the category filter). A `null` category marks shopper words ("a runner")
 * that only add text. A "weak" entry names an activity or a person ("hiking", "for a gamer"): its
 * category is used only when the message names no product ("a mug for a gamer" is Home &
 * Kitchen). Singular text forms match both "Running Shoe" and "running shoes".
 * Longer phrases are tried first, so "laptop backpack" wins over "laptop" and "backpack".
 */
type VocabEntry = readonly [pattern: string, category: string | null, text: string, use?: "weak"];

const VOCABULARY: readonly VocabEntry[] = [
  // Footwear
  ["trail running shoes?|trail shoes?|trail runners|trail sneakers?", "Footwear", "trail running shoe"],
  [
    "running shoes?|running sneakers?|running trainers?|jogging shoes?|runners shoes?",
    "Footwear",
    "running shoe",
  ],
  ["hiking boots?|hiking shoes?|walking boots?|trekking boots?|trekking shoes?", "Footwear", "hiking boot"],
  ["walking shoes?|walking sneakers?", "Footwear", "walking sneaker"],
  ["sneakers?|trainers?|kicks|tennis shoes?|casual shoes?|high tops?|slip ons?", "Footwear", "sneaker"],
  ["boots?", "Footwear", "boot"],
  ["sandals?|slides|flip flops?", "Footwear", "sandal"],
  ["slippers?", "Footwear", "slipper"],
  ["shoes?|footwear", "Footwear", ""],
  // Audio
  ["noise cancell?(?:ing|ation) headphones?|anc headphones?", "Audio", "noise cancelling headphone"],
  ["noise cancell?(?:ing|ation) earbuds?|anc earbuds?", "Audio", "noise cancelling earbud"],
  ["studio monitor headphones?|monitor headphones?", "Audio", "studio headphone"],
  ["headphones?|headsets?|over ear headphones?|on ear headphones?", "Audio", "headphone"],
  ["earbuds?|ear buds?|earphones?|in ear headphones?|airpods|ear pods", "Audio", "earbud"],
  ["soundbars?|sound bars?", "Audio", "soundbar"],
  ["smart speakers?", "Audio", "smart speaker"],
  ["bluetooth speakers?|portable speakers?|wireless speakers?", "Audio", "bluetooth speaker"],
  ["speakers?|boombox(?:es)?", "Audio", "speaker"],
  ["audio|sound systems?", "Audio", ""],
  // Electronics
  [
    "smart ?watch(?:es)?|fitness watch(?:es)?|running watch(?:es)?|gps watch(?:es)?|apple watch(?:es)?",
    "Electronics",
    "smartwatch",
  ],
  ["fitness trackers?|activity trackers?|fitness bands?|fitbits?|trackers?", "Electronics", "tracker"],
  ["tablets?|ipads?", "Electronics", "tablet"],
  ["e ?readers?|kindles?", "Electronics", "e-reader"],
  ["webcams?|web cams?", "Electronics", "webcam"],
  ["action cam(?:era)?s?|gopros?", "Electronics", "action camera"],
  ["security cam(?:era)?s?", "Electronics", "security camera"],
  ["cameras?", "Electronics", "camera"],
  ["streaming sticks?|streaming devices?|fire sticks?", "Electronics", "streaming stick"],
  ["power banks?|portable chargers?|battery packs?", "Electronics", "power bank"],
  [
    "wireless chargers?|charging stands?|charging pads?|charging stations?",
    "Electronics",
    "wireless charging",
  ],
  ["chargers?|usb c chargers?|phone chargers?", "Electronics", "charger"],
  ["ssds?|hard drives?|external drives?|portable drives?", "Electronics", "ssd"],
  ["keyboards?", "Electronics", "keyboard"],
  ["computer mouse|mouse|mice", "Electronics", "mouse"],
  ["monitors?|computer screens?", "Electronics", "monitor"],
  ["usb c hubs?|usb hubs?|hubs?|adapters?|dongles?", "Electronics", "hub"],
  ["laptop stands?", "Electronics", "laptop stand"],
  ["laptops?|computers?", "Electronics", "laptop"],
  ["smart plugs?", "Electronics", "smart plug"],
  ["smart displays?", "Electronics", "smart display"],
  ["smart home", "Electronics", "smart"],
  ["phones?|smartphones?", "Electronics", "phone"],
  ["electronics|gadgets?|tech|devices?", "Electronics", ""],
  // Apparel
  ["running shirts?|running tees?|running t ?shirts?", "Apparel", "running shirt"],
  ["running shorts", "Apparel", "running shorts"],
  ["running tights|running leggings", "Apparel", "running tights"],
  ["running (?:clothes|clothing|apparel|gear|wear|outfits?)", "Apparel", "running"],
  ["rain jackets?|raincoats?|rain coats?|waterproof jackets?", "Apparel", "rain jacket"],
  [
    "puffer jackets?|puffers?|down jackets?|winter jackets?|winter coats?|parkas?",
    "Apparel",
    "puffer jacket",
  ],
  ["denim jackets?|jean jackets?", "Apparel", "denim jacket"],
  ["track jackets?", "Apparel", "track jacket"],
  ["jackets?|coats?|windbreakers?", "Apparel", "jacket"],
  ["t ?shirts?|tee shirts?", "Apparel", "t-shirt"],
  ["tees?", "Apparel", "tee"],
  ["shirts?|button downs?|button ups?|flannels?|polos?|blouses?", "Apparel", "shirt"],
  ["hoodies?|hoody|sweatshirts?", "Apparel", "hoodie"],
  ["cardigans?", "Apparel", "cardigan"],
  ["sweaters?|jumpers?|pullovers?|knitwear", "Apparel", "sweater"],
  ["fleeces?|half zips?|quarter zips?", "Apparel", "fleece"],
  ["joggers|sweatpants|track pants|trackpants", "Apparel", "jogger"],
  ["pants|trousers", "Apparel", "pants"],
  ["chinos?", "Apparel", "chino"],
  ["jeans", "Apparel", "jeans"],
  ["shorts", "Apparel", "shorts"],
  ["leggings|tights", "Apparel", "tights"],
  ["sports? bras?|bras?", "Apparel", "sports bra"],
  ["socks?", "Apparel", "sock"],
  ["beanies?", "Apparel", "beanie"],
  ["hats?|caps?", "Apparel", "hat"],
  ["gloves?|mittens?", "Apparel", "glove"],
  ["clothes|clothing|apparel|outfits?|garments?", "Apparel", ""],
  // Home & Kitchen
  ["coffee makers?|coffee machines?|pour overs?|french press(?:es)?", "Home & Kitchen", "coffee maker"],
  ["espresso machines?|espresso makers?|espresso", "Home & Kitchen", "espresso"],
  ["coffee grinders?|grinders?", "Home & Kitchen", "grinder"],
  ["coffee", "Home & Kitchen", "coffee"],
  ["tea kettles?|kettles?", "Home & Kitchen", "kettle"],
  ["tea", "Home & Kitchen", "tea"],
  ["mug sets?|mugs?|cups?", "Home & Kitchen", "mug"],
  ["cast iron skillets?|skillets?|cast iron", "Home & Kitchen", "skillet"],
  [
    "pots and pans|cookware(?: sets?)?|frying pans?|fry pans?|saucepans?|pans?|pots?",
    "Home & Kitchen",
    "cookware",
  ],
  ["chef'?s knife|chef knives|knives|knife", "Home & Kitchen", "knife"],
  ["cutting boards?|chopping boards?", "Home & Kitchen", "cutting board"],
  ["air fryers?|airfryers?", "Home & Kitchen", "air fryer"],
  ["blenders?|smoothie makers?", "Home & Kitchen", "blender"],
  ["stand mixers?|mixers?", "Home & Kitchen", "mixer"],
  ["pressure cookers?|instant pots?|slow cookers?|multicookers?", "Home & Kitchen", "pressure cooker"],
  ["candles?", "Home & Kitchen", "candle"],
  ["throw blankets?|throws|blankets?", "Home & Kitchen", "blanket"],
  ["duvets?|duvet covers?", "Home & Kitchen", "duvet"],
  ["bedding|bed sheets?|bed linen", "Home & Kitchen", "bedding"],
  ["pillows?", "Home & Kitchen", "pillow"],
  ["dinnerware|dinner sets?|plates|dishes|bowls?", "Home & Kitchen", "dinnerware"],
  ["food storage|storage containers?|food containers?|tupperware", "Home & Kitchen", "food storage"],
  ["vacuums?|vacuum cleaners?|hoovers?", "Home & Kitchen", "vacuum"],
  [
    "home and kitchen|home & kitchen|kitchen|kitchenware|home decor|homeware|housewares|home goods",
    "Home & Kitchen",
    "",
  ],
  ["cooking|baking", "Home & Kitchen", "", "weak"],
  // Outdoor
  ["tents?", "Outdoor", "tent"],
  ["sleeping bags?", "Outdoor", "sleeping bag"],
  ["sleeping pads?|sleeping mats?|camping mats?|air mattress(?:es)?", "Outdoor", "sleeping pad"],
  ["daypacks?|day packs?", "Outdoor", "daypack"],
  ["hiking backpacks?|hiking packs?|backpacking packs?|backpacks?|rucksacks?", "Outdoor", "backpack"],
  ["trekking poles?|hiking poles?|walking poles?", "Outdoor", "trekking pole"],
  ["hydration vests?|running vests?|hydration packs?", "Outdoor", "hydration vest"],
  ["water bottles?|bottles?|flasks?|thermos(?:es)?", "Outdoor", "bottle"],
  ["camp stoves?|camping stoves?|stoves?", "Outdoor", "stove"],
  ["headlamps?|head torch(?:es)?|flashlights?|torch(?:es)?", "Outdoor", "headlamp"],
  ["camp chairs?|camping chairs?|folding chairs?", "Outdoor", "camp chair"],
  ["coolers?|cool box(?:es)?|ice chests?", "Outdoor", "cooler"],
  ["binoculars?", "Outdoor", "binoculars"],
  ["kayaks?|canoes?", "Outdoor", "kayak"],
  ["dry bags?|dry sacks?", "Outdoor", "dry bag"],
  ["hammocks?", "Outdoor", "hammock"],
  ["camping gear|camping equipment", "Outdoor", "camping"],
  ["hiking gear|hiking equipment", "Outdoor", "hiking"],
  ["outdoor gear", "Outdoor", ""],
  ["camping", "Outdoor", "camping", "weak"],
  ["hiking", "Outdoor", "hiking", "weak"],
  ["backpacking", "Outdoor", "backpacking", "weak"],
  ["outdoors?", "Outdoor", "", "weak"],
  // Fitness
  ["yoga mats?|exercise mats?|workout mats?|mats?", "Fitness", "yoga mat"],
  ["yoga blocks?", "Fitness", "yoga block"],
  ["yoga", "Fitness", "yoga", "weak"],
  ["pilates rings?", "Fitness", "pilates ring"],
  ["pilates", "Fitness", "pilates", "weak"],
  ["adjustable dumbbells?|dumbbells?|dumbells?|free weights", "Fitness", "dumbbell"],
  ["kettlebells?", "Fitness", "kettlebell"],
  ["weighted vests?|weight vests?", "Fitness", "weighted vest"],
  ["weight benches|weight bench|workout bench(?:es)?|bench(?:es)?", "Fitness", "bench"],
  ["weights", "Fitness", "weight"],
  ["foam rollers?", "Fitness", "foam roller"],
  ["treadmills?|running machines?", "Fitness", "treadmill"],
  ["exercise bikes?|stationary bikes?|spin bikes?|indoor bikes?|bikes?", "Fitness", "bike"],
  ["resistance bands?|exercise bands?|bands", "Fitness", "resistance band"],
  ["massage guns?|percussion massagers?|massagers?", "Fitness", "massage gun"],
  ["jump ropes?|skipping ropes?|jumping ropes?", "Fitness", "jump rope"],
  ["pull ?up bars?|chin ?up bars?", "Fitness", "pull-up bar"],
  ["ab rollers?|ab wheels?|ab roller wheels?", "Fitness", "ab roller"],
  ["heart rate monitors?|hr monitors?|heart rate straps?|chest straps?", "Fitness", "heart rate monitor"],
  [
    "home gym|gym equipment|gym gear|workout gear|fitness gear|fitness equipment|exercise equipment",
    "Fitness",
    "",
  ],
  ["gym|workouts?|exercise|exercising|fitness|cardio|strength training", "Fitness", "", "weak"],
  // Beauty
  ["skin ?care|face care", "Beauty", "skincare"],
  ["serums?", "Beauty", "serum"],
  ["sunscreens?|sunblock|spf|sun cream", "Beauty", "sunscreen"],
  ["cleansers?|face wash(?:es)?|facial cleansers?", "Beauty", "cleanser"],
  ["night creams?|face creams?|moisturi[sz]ers?|creams?|lotions?|retinol", "Beauty", "cream"],
  ["face oils?|facial oils?", "Beauty", "face oil"],
  ["bath soaks?|bath salts?|bath bombs?|bath", "Beauty", "bath"],
  ["hair ?dryers?|blow dryers?", "Beauty", "hair dryer"],
  ["flat irons?|hair straighteners?|straighteners?|curling irons?", "Beauty", "flat iron"],
  ["lipsticks?|lip gloss(?:es)?", "Beauty", "lipstick"],
  ["mascaras?", "Beauty", "mascara"],
  ["eye ?shadows?|eyeshadow palettes?", "Beauty", "eyeshadow"],
  ["perfumes?|fragrances?|colognes?|parfums?", "Beauty", "perfume"],
  ["make ?up|cosmetics", "Beauty", "makeup"],
  ["hair ?care", "Beauty", "hair"],
  ["beauty(?: products)?|personal care|self care|pampering", "Beauty", ""],
  // Accessories
  ["wallets?|billfolds?|card holders?|bifolds?", "Accessories", "wallet"],
  ["laptop backpacks?|laptop bags?", "Accessories", "laptop backpack"],
  ["crossbody(?: bags?)?|handbags?|purses?|shoulder bags?", "Accessories", "bag"],
  [
    "duffel bags?|duffle bags?|duffels?|duffles?|weekenders?|weekend bags?|travel bags?",
    "Accessories",
    "duffel",
  ],
  ["tote bags?|totes?", "Accessories", "tote"],
  ["bags?", "Accessories", "bag"],
  ["belts?", "Accessories", "belt"],
  ["sunglasses|shades", "Accessories", "sunglasses"],
  ["blue light glasses|glasses|eyeglasses|spectacles", "Accessories", "glasses"],
  ["watch(?:es)?|wristwatch(?:es)?|chronographs?", "Accessories", "watch"],
  ["necklaces?|pendants?", "Accessories", "necklace"],
  ["jewelry|jewellery", "Accessories", ""],
  ["scarf|scarves", "Accessories", "scarf"],
  ["umbrellas?", "Accessories", "umbrella"],
  ["phone cases?|phone covers?", "Accessories", "phone case"],
  ["accessories", "Accessories", ""],
  // Toys & Games
  ["board games?|boardgames?|strategy games?", "Toys & Games", "board game"],
  ["card games?", "Toys & Games", "card game"],
  ["trivia games?|trivia|quiz games?", "Toys & Games", "trivia"],
  ["jigsaw puzzles?|jigsaws?|puzzles?", "Toys & Games", "puzzle"],
  ["legos?|building sets?|building kits?|building blocks|blocks", "Toys & Games", "building"],
  ["robotics kits?|robots?|stem toys?|stem kits?|coding toys?", "Toys & Games", "robotics"],
  ["train sets?|toy trains?|wooden trains?", "Toys & Games", "train set"],
  [
    "plush toys?|plushies|plush|teddy bears?|teddies|teddy|stuffed animals?|soft toys?",
    "Toys & Games",
    "plush",
  ],
  ["rc cars?|remote control(?:led)? cars?|toy cars?", "Toys & Games", "remote control car"],
  ["toys and games|toys & games|toys?", "Toys & Games", ""],
  ["games?|family games?|party games?", "Toys & Games", "game"],
  // Books
  ["cookbooks?|cook books?|recipe books?", "Books", "cookbook"],
  ["novels?", "Books", "novel"],
  ["fiction", "Books", "fiction"],
  ["thrillers?|mystery|mysteries", "Books", "thriller"],
  ["memoirs?|biograph(?:y|ies)|autobiograph(?:y|ies)", "Books", "memoir"],
  ["non ?fiction", "Books", "nonfiction"],
  ["guidebooks?|guide books?|travel guides?|trail guides?", "Books", "guide"],
  ["picture books?|board books?|bedtime stor(?:y|ies)", "Books", "board book"],
  ["books?|paperbacks?|hardcovers?|hardbacks?|literature", "Books", ""],
  ["reading", "Books", "", "weak"],
  // The shopper's people and hobbies ("a gift for a runner")
  ["runners?|marathoners?", null, "running"],
  ["cyclists?|bikers?|cycling", null, "cycling"],
  ["hikers?", null, "hiking"],
  ["campers?", "Outdoor", "camping", "weak"],
  ["home cooks?|cooks?|chefs?|foodies?", "Home & Kitchen", "", "weak"],
  ["bakers?", null, "baking"],
  ["coffee lovers?|coffee drinkers?|coffee addicts?|coffee snobs?", "Home & Kitchen", "coffee", "weak"],
  ["tea lovers?|tea drinkers?", "Home & Kitchen", "tea", "weak"],
  ["gamers?", "Toys & Games", "game", "weak"],
  ["readers?|bookworms?|book lovers?|avid readers?", "Books", "", "weak"],
  ["yogis?", "Fitness", "yoga", "weak"],
  ["music lovers?|audiophiles?|musicians?|music fans?", "Audio", "", "weak"],
  ["gym rats?|gym goers?|lifters?|weightlifters?|athletes?", "Fitness", "", "weak"],
  ["travell?ers?|frequent flyers?|globetrotters?", null, "travel"],
  ["kids?|children|child|toddlers?|little ones?", null, "kids"],
  ["women'?s|womens|woman|ladies", null, "women"],
];

interface CompiledEntry {
  /** The alternative alone, anchored: tells which entry the combined pattern matched. */
  exact: RegExp;
  category: string | null;
  text: string;
  weak: boolean;
}

/** Every alternative on its own, longest first (stable), so "sleeping bag" beats "bag". */
const VOCABULARY_ENTRIES = VOCABULARY.flatMap(([pattern, category, text, use]) =>
  topLevelAlternatives(pattern).map((alternative) => ({ alternative, category, text, weak: use === "weak" })),
)
  .map((entry, index) => ({ ...entry, index, size: entry.alternative.split(" ").length }))
  .sort((a, b) => b.size - a.size || a.index - b.index);

const COMPILED_VOCABULARY: readonly CompiledEntry[] = VOCABULARY_ENTRIES.map(
  ({ alternative, category, text, weak }) => ({
    exact: new RegExp(`^(?:${spaced(alternative)})$`, "u"),
    category,
    text,
    weak,
  }),
);

/**
 * All product words in one pattern: at each position the first (longest) alternative wins,
 * which is what trying the entries one by one, longest first, would give, at a fraction of
 * the cost.
 */
const ANY_PRODUCT_WORD = words(VOCABULARY_ENTRIES.map(({ alternative }) => alternative).join("|"));

// ---------------------------------------------------------------- fixed phrases

const P = {
  percentOff: words("(?:up to |at least |over )?\\d{1,2}(?:\\.\\d)? ?(?:%|percent)(?: off| discount)"),
  starsNumeric: words(
    "(?:(?:at least|min(?:imum)?|over|above|rated|with) )?(\\d(?:\\.\\d)?|one|two|three|four|five)\\s*\\+?[\\s-]*stars?(?: (?:and up|or (?:more|higher|above|better)|plus|rated|ratings?|reviews?))?\\+?",
  ),
  ratedNumeric: words(
    "rated (?:at least |over |above )?(\\d(?:\\.\\d)?)(?:\\s*\\+| or (?:more|higher|above|better)| and up)?",
  ),
  size: words("(?:in )?(?:a )?(?:us |uk |eu )?size (?:\\d{1,2}(?:\\.5)?|xx?s|xx?l|s|m|l|small|medium|large)"),
  age: words("(?:a )?(\\d{1,2}) ?(?:years?|yrs?|y) ?olds?|aged? (\\d{1,2})"),
  anyPrice: words(
    "any price|all prices|any budget|no budget|price doesn'?t matter|regardless of price|money is no object",
  ),
  range: [
    words(`between (${AMOUNT}) (?:and|to|-|–) (${AMOUNT})`),
    words(`from (${AMOUNT}) (?:to|-|–|until) (${AMOUNT})`),
    new RegExp(`(?<![${LN}])(${AMOUNT})\\s*(?:-|–|to)\\s*(${AMOUNT})(?![${LN}])`, "gu"),
  ],
  around: [
    new RegExp(
      `(?<![${LN}])(?:(?:somewhere )?around|about|approx(?:imately|\\.)?|roughly|near|close to|circa|in the region of|ballpark(?: of)?)\\s+(${AMOUNT})(?![${LN}])`,
      "gu",
    ),
    new RegExp(`~\\s*(${AMOUNT})(?![${LN}])`, "gu"),
    new RegExp(`(?<![${LN}])(${AMOUNT})(?:\\s*-?\\s*ish| or so| give or take)(?![${LN}])`, "gu"),
  ],
  max: [
    new RegExp(
      `(?<![${LN}])(?:under|below|beneath|less than|lower than|cheaper than|no more than|not more than|no higher than|not over|at most|max(?:imum)?|up to|upto|within|(?:my )?budget(?: of| is|:)?|tops|no pricier than)\\s*(${AMOUNT})(?![${LN}])`,
      "gu",
    ),
    new RegExp(`<=?\\s*(${AMOUNT})(?![${LN}])`, "gu"),
    new RegExp(
      `(?<![${LN}])(${AMOUNT})\\s*(?:or less|or under|or below|and under|and below|max(?:imum)?|tops|at most|or cheaper|budget|limit)(?![${LN}])`,
      "gu",
    ),
  ],
  min: [
    new RegExp(
      `(?<![${LN}])(?:over|above|more than|greater than|higher than|at least|min(?:imum)?|from|starting (?:at|from)|upwards of|north of|no less than|not less than|pricier than|more expensive than|costlier than)\\s*(${AMOUNT})(?![${LN}])`,
      "gu",
    ),
    new RegExp(`>=?\\s*(${AMOUNT})(?![${LN}])`, "gu"),
    new RegExp(
      `(?<![${LN}])(${AMOUNT})\\s*(?:or more|and up|and above|and over|plus|or higher|or above|minimum|min|at least)(?![${LN}])|(?<![${LN}])(${AMOUNT})\\+`,
      "gu",
    ),
  ],
  budget: new RegExp(`(?<![${LN}])(?:for|with|spend|have|got)\\s+(${AMOUNT})(?![${LN}])`, "gu"),
  bare: new RegExp(`(?<![${LN}])(${AMOUNT})(?![${LN}])`, "gu"),
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
  recipient: words(
    "for (?:my |a |an |the |our |his |her |your )?(?:dad|daddy|father|mom|mommy|mother|mum|wife|husband|partner|spouse|girlfriend|boyfriend|fianc[eé]e?|best friend|friends?|sister|brother|siblings?|grandma|grandmother|grandpa|grandfather|grandparents|parents|son|daughter|niece|nephew|aunt|uncle|boss|coworker|co-worker|colleague|teacher|in-laws?|him|her|someone|somebody|family)",
  ),
  occasion: words(
    "birthday|christmas|xmas|hanukkah|anniversary|valentine'?s?(?: day)?|mother'?s day|father'?s day|stocking stuffers?|secret santa|housewarming|graduation|wedding|baby shower",
  ),
  gift: words("gifts?|gifting|presents?|gift ideas?"),
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
    "(?:a )?(?:bit |little |lot |even )?(?:cheaper|less expensive|more affordable|less pricey)|lower (?:priced|price|cost)|(?:lower|smaller) budget|too (?:expensive|pricey|much)|over my budget|out of my (?:budget|price range)",
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
  leadingMarker: /^\s*(?:and|or|but|with|without|in|plus)(?![\p{L}\p{N}])/u,
} as const;

const NEGATION_BEFORE =
  /(?:^|[^\p{L}])(?:not|no|except|without|excluding|other than|anything but|besides|but not|apart from)\s+(?:from\s+|by\s+)?$/u;
/** Words after which a number is how many to show: "show me 5", "top 3", "give us 4". */
const COUNT_LEADERS = new Set(["me", "us", "top", "first", "show", "list"]);
/** Words after which a number before a product word is how many to show: "want 2 tents". */
const COUNT_PRECEDERS = new Set([
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

const STOP_WORDS = new Set(
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
  else's oh um uh hmm well now today likes loves enjoys who's into`.split(/\s+/),
);

// ---------------------------------------------------------------- catalogue names

interface CatalogMatchers {
  categoryByKey: Map<string, string>;
  categoryNames: RegExp | null;
  brandByKey: Map<string, string>;
  brandNames: RegExp | null;
}

function alternationOf(names: string[], optionalPlural: boolean): RegExp | null {
  const sources = names
    .map((name) => nameKey(name))
    .filter((key) => key.length > 0)
    .sort((a, b) => b.length - a.length)
    .map((key) => {
      const source = escapeRegex(key).replace(/ and /g, " (?:and|&|n) ").replace(/ /g, "[\\s-]*");
      return optionalPlural && /s$/.test(key) ? `${source}?` : source;
    });
  if (sources.length === 0) return null;
  return new RegExp(`(?<![${LN}])(?:${sources.join("|")})(?:'s)?(?![${LN}])`, "gu");
}

function stringsOf(value: unknown, max: number): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .slice(0, max)
    .filter((item): item is string => typeof item === "string" && item.trim().length > 0)
    .map((item) => item.slice(0, 100));
}

function catalogMatchers(catalog: ShoppingCatalogNames): CatalogMatchers {
  const categories = stringsOf(catalog?.categories, 200);
  const brands = stringsOf(catalog?.brands, 2000);
  return {
    categoryByKey: new Map(categories.map((c) => [nameKey(c), c])),
    categoryNames: alternationOf(categories, true),
    brandByKey: new Map(brands.map((b) => [nameKey(b), b])),
    brandNames: alternationOf(brands, false),
  };
}

/** "tonic-labs" / "Tonic  Labs" -> the key of "Tonic Labs"; "home n kitchen" -> "home and kitchen". */
function matchKey(text: string): string {
  return nameKey(
    text
      .replace(/'s$/, "")
      .replace(/-/g, " ")
      .replace(/(?<=\s)n(?=\s)/g, "and"),
  );
}

// ---------------------------------------------------------------- reading one message

interface Word {
  word: string;
  product: boolean;
}

interface MessageFacts {
  words: Word[];
  /** The named categories; activity / people categories only when no product is named. */
  categories: string[];
  /** A product or category is named (not only an activity or a person). */
  hasProduct: boolean;
  /** `categories` come from activity / people words only ("gift for a gamer"). */
  weakCategories: boolean;
  brands: string[];
  excludedBrands: string[];
  clearBrands: boolean;
  minPrice: Cents | null;
  maxPrice: Cents | null;
  targetPrice: Cents | null;
  clearPrice: boolean;
  onSale: boolean;
  inStock: boolean;
  minRating: number | null;
  sort: SearchSort | null;
  cheaper: boolean;
  pricier: boolean;
  limit: number | null;
  gift: boolean;
  marker: boolean;
  also: boolean;
}

function normalizeMessage(message: unknown): string {
  if (typeof message !== "string") return "";
  return message
    .slice(0, MAX_MESSAGE_LENGTH * 2)
    .normalize("NFKC")
    .slice(0, MAX_MESSAGE_LENGTH)
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'")
    .replace(/[\u2010-\u2013\u2212]/g, "-")
    .replace(/\p{Cc}/gu, " "); // also keeps the scanner's mask out of the text
}

function clampLimit(n: number): number {
  if (!Number.isFinite(n)) return DEFAULT_LIMIT;
  return Math.min(MAX_LIMIT, Math.max(1, Math.round(n)));
}

function countOf(text: string): number {
  return /^\d+$/.test(text) ? Number(text) : (COUNT_WORDS[text.toLowerCase()] ?? DEFAULT_LIMIT);
}

function readMessage(message: unknown, matchers: CatalogMatchers): MessageFacts {
  const s = new Scanner(normalizeMessage(message));
  const facts: MessageFacts = {
    words: [],
    categories: [],
    hasProduct: false,
    weakCategories: false,
    brands: [],
    excludedBrands: [],
    clearBrands: false,
    minPrice: null,
    maxPrice: null,
    targetPrice: null,
    clearPrice: false,
    onSale: false,
    inStock: false,
    minRating: null,
    sort: null,
    cheaper: false,
    pricier: false,
    limit: null,
    gift: false,
    marker: P.leadingMarker.test(s.text),
    also: false,
  };
  const flag = (pattern: RegExp, set: () => void) =>
    s.take(pattern, () => {
      set();
      return true;
    });
  const categoryAt: { name: string; at: number; weak: boolean }[] = [];
  const wordAt: { word: Word; at: number }[] = [];

  // Brands first, so that no other pattern eats a brand name ("Top Shelf", "Solace").
  if (matchers.brandNames) {
    s.take(matchers.brandNames, (m, at) => {
      const brand = matchers.brandByKey.get(matchKey(m[0]));
      if (!brand) return false;
      if (NEGATION_BEFORE.test(s.original.slice(Math.max(0, at - 30), at))) facts.excludedBrands.push(brand);
      else if (!facts.brands.includes(brand)) facts.brands.push(brand);
      return true;
    });
  }

  // Discounts and ratings with figures, before prices read their numbers.
  flag(P.percentOff, () => {
    facts.onSale = true;
  });
  for (const pattern of [P.starsNumeric, P.ratedNumeric]) {
    s.take(pattern, (m) => {
      const raw = m[1] ?? "";
      const value = /^\d/.test(raw) ? Number(raw) : (UNITS[raw] ?? 0);
      if (!Number.isFinite(value)) return false;
      if (value >= 5) {
        facts.minRating = BEST_RATING;
        facts.sort = "rating";
      } else facts.minRating = Math.max(0, Math.round(value * 10) / 10);
      return true;
    });
  }

  // Sizes cannot be filtered on; a child's age means kids' products.
  flag(P.size, () => undefined);
  s.take(P.age, (m, at) => {
    if (Number(m[1] ?? m[2]) < 13) wordAt.push({ word: { word: "kids", product: false }, at });
    return true;
  });

  // Prices.
  flag(P.anyPrice, () => {
    facts.clearPrice = true;
  });
  const moneyOnly = (m: RegExpExecArray, amountText: string, at: number) => {
    const amount = parseAmount(amountText);
    if (!amount) return null;
    if (!amount.currency && NOT_MONEY_AFTER.test(s.text.slice(at + m[0].length))) return null;
    return amount;
  };
  for (const pattern of P.range) {
    s.take(pattern, (m, at) => {
      const a = parseAmount(m[1] ?? "");
      const b = parseAmount(m[2] ?? "");
      if (!a || !b) return false;
      const keyword = /^(?:between|from)/.test(m[0]);
      if (!keyword && !a.currency && !b.currency) return false;
      if (!b.currency && NOT_MONEY_AFTER.test(s.text.slice(at + m[0].length))) return false;
      facts.minPrice = Math.min(a.cents, b.cents);
      facts.maxPrice = Math.max(a.cents, b.cents);
      facts.targetPrice = null;
      return true;
    });
  }
  for (const pattern of P.around) {
    s.take(pattern, (m, at) => {
      const amount = moneyOnly(m, m[1] ?? "", at);
      if (!amount) return false;
      facts.targetPrice = amount.cents;
      facts.minPrice = Math.round(amount.cents * 0.75);
      facts.maxPrice = Math.round(amount.cents * 1.25);
      return true;
    });
  }
  const bound = (key: "minPrice" | "maxPrice") => (m: RegExpExecArray, at: number) => {
    const amount = moneyOnly(m, m[1] ?? m[2] ?? "", at);
    if (!amount) return false;
    facts[key] = amount.cents;
    facts.targetPrice = null;
    return true;
  };
  for (const pattern of P.max) s.take(pattern, bound("maxPrice"));
  for (const pattern of P.min) s.take(pattern, bound("minPrice"));
  for (const [pattern, key] of [
    [P.budget, "maxPrice"],
    [P.bare, "targetPrice"],
  ] as const) {
    s.take(pattern, (m, at) => {
      const amount = moneyOnly(m, m[1] ?? "", at);
      if (!amount?.currency) return false;
      if (key === "maxPrice") {
        facts.maxPrice = amount.cents;
      } else if (facts.minPrice === null && facts.maxPrice === null) {
        facts.targetPrice = amount.cents;
        facts.minPrice = Math.round(amount.cents * 0.75);
        facts.maxPrice = Math.round(amount.cents * 1.25);
      }
      return true;
    });
  }
  if (facts.minPrice !== null && facts.maxPrice !== null && facts.minPrice > facts.maxPrice) {
    [facts.minPrice, facts.maxPrice] = [facts.maxPrice, facts.minPrice];
  }

  // Quantities with an explicit count.
  s.take(P.topN, (m) => {
    facts.limit = clampLimit(countOf(m[2] ?? ""));
    if (m[1] === "best") facts.sort = "rating";
    return true;
  });
  s.take(P.countNoun, (m) => {
    facts.limit = clampLimit(countOf(m[1] ?? ""));
    return true;
  });
  for (const [pattern, n] of [
    [P.one, 1],
    [P.halfDozen, 6],
    [P.dozen, 12],
    [P.couple, 2],
    [P.few, 3],
    [P.handful, 5],
  ] as const) {
    flag(pattern, () => {
      facts.limit = n;
    });
  }

  // Gifts, sale, stock, ratings, price direction.
  flag(P.recipient, () => {
    facts.gift = true;
  });
  flag(P.occasion, () => {
    facts.gift = true;
  });
  flag(P.gift, () => {
    facts.gift = true;
  });
  flag(P.sale, () => {
    facts.onSale = true;
  });
  flag(P.stock, () => {
    facts.inStock = true;
  });
  flag(P.bestRated, () => {
    facts.sort = "rating";
    facts.minRating = Math.max(facts.minRating ?? 0, BEST_RATING);
  });
  for (const pattern of [P.highRated, P.best]) {
    flag(pattern, () => {
      facts.sort = "rating";
    });
  }
  flag(P.cheaper, () => {
    facts.cheaper = true;
    facts.sort = "price-low";
  });
  flag(P.pricier, () => {
    facts.pricier = true;
    facts.sort = "price-high";
  });
  flag(P.cheap, () => {
    facts.sort = "price-low";
  });
  flag(P.premium, () => {
    facts.sort = "price-high";
  });
  flag(P.clearBrands, () => {
    facts.clearBrands = true;
  });

  // Categories by their catalogue names, then product and people words.
  if (matchers.categoryNames) {
    s.take(matchers.categoryNames, (m, at) => {
      const key = matchKey(m[0]);
      const name = matchers.categoryByKey.get(key) ?? matchers.categoryByKey.get(`${key}s`);
      if (!name) return false;
      categoryAt.push({ name, at, weak: false });
      facts.hasProduct = true;
      return true;
    });
  }
  const productSpans: { start: number; end: number }[] = [];
  s.take(ANY_PRODUCT_WORD, (m, at) => {
    const entry = COMPILED_VOCABULARY.find((e) => e.exact.test(m[0]));
    if (!entry) return false;
    if (entry.category !== null) {
      if (!entry.weak) facts.hasProduct = true;
      productSpans.push({ start: at, end: at + m[0].length });
      const name = matchers.categoryByKey.get(nameKey(entry.category));
      if (name) categoryAt.push({ name, at, weak: entry.weak });
    }
    for (const word of entry.text.split(" ").filter(Boolean)) {
      wordAt.push({ word: { word, product: entry.category !== null && !entry.weak }, at });
    }
    return true;
  });

  // "3 headphones", "show me 4 cheap ones": a small number after "show me" / "top", or at the
  // start or after "want" and right before a product word; not a model number ("Airstride 5").
  s.take(P.digitCount, (m, at) => {
    const after = at + m[0].length;
    const gap = /^\s+/.exec(s.text.slice(after))?.[0].length ?? -1;
    const beforeProduct = gap > 0 && productSpans.some((span) => span.start === after + gap);
    const before = s.wordBefore(at);
    const counts = COUNT_LEADERS.has(before) || (beforeProduct && COUNT_PRECEDERS.has(before));
    if (!counts || NOT_MONEY_AFTER.test(s.text.slice(after))) return false;
    facts.limit = clampLimit(Number(m[1]));
    return true;
  });
  s.take(P.countWord, (m) => {
    facts.limit = clampLimit(countOf(m[1] ?? ""));
    return true;
  });

  // Follow-up words, then what is left is free text.
  flag(P.also, () => {
    facts.also = true;
    facts.marker = true;
  });
  s.take(P.marker, () => {
    facts.marker = true;
    return false;
  });
  for (const m of s.text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'&+.-]*/gu)) {
    const word = m[0]
      .replace(/'s$|'$/, "")
      .replace(/[.'&+-]+$/, "")
      .slice(0, MAX_WORD_LENGTH);
    if (word.length === 0 || STOP_WORDS.has(word)) continue;
    wordAt.push({ word: { word, product: false }, at: m.index ?? 0 });
  }

  const strong = categoryAt.filter((c) => !c.weak);
  facts.weakCategories = strong.length === 0 && categoryAt.length > 0;
  facts.categories = unique(
    (facts.weakCategories ? categoryAt : strong).sort((a, b) => a.at - b.at).map((c) => c.name),
  );
  facts.words = wordAt.sort((a, b) => a.at - b.at).map((w) => w.word);
  return facts;
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

// ---------------------------------------------------------------- folding the chat

interface RequestState {
  words: Word[];
  categories: string[];
  brands: string[];
  minPrice: Cents | null;
  maxPrice: Cents | null;
  targetPrice: Cents | null;
  onSale: boolean;
  inStockOnly: boolean;
  minRating: number | null;
  tags: string[];
  sort: SearchSort;
  limit: number;
}

function isEmpty(state: RequestState): boolean {
  return (
    state.words.length === 0 &&
    state.categories.length === 0 &&
    state.brands.length === 0 &&
    state.minPrice === null &&
    state.maxPrice === null &&
    !state.onSale &&
    !state.inStockOnly &&
    state.minRating === null &&
    state.tags.length === 0 &&
    state.sort === "relevance" &&
    state.limit === DEFAULT_LIMIT
  );
}

function hasRefinement(f: MessageFacts): boolean {
  return (
    f.brands.length > 0 ||
    f.excludedBrands.length > 0 ||
    f.clearBrands ||
    f.minPrice !== null ||
    f.maxPrice !== null ||
    f.clearPrice ||
    f.onSale ||
    f.inStock ||
    f.minRating !== null ||
    f.sort !== null ||
    f.limit !== null ||
    f.gift ||
    f.marker
  );
}

function isFollowUp(f: MessageFacts, previous: RequestState | null): previous is RequestState {
  if (previous === null || isEmpty(previous)) return false;
  const refinement = hasRefinement(f);
  if (!refinement && !f.hasProduct && f.categories.length === 0 && f.words.length === 0) return false;
  // A request of filters only ("What's on sale?", "Gifts under $100") is narrowed by what follows.
  if (previous.categories.length === 0 && previous.words.length === 0) return true;
  if (!refinement) return false;
  if (!f.hasProduct) return true;
  return f.categories.length > 0 && f.categories.every((c) => previous.categories.includes(c));
}

function scaled(cents: Cents, factor: number): Cents {
  return Math.min(MAX_PRICE_CENTS, Math.max(0, Math.round(cents * factor)));
}

function around(target: Cents): Pick<RequestState, "minPrice" | "maxPrice" | "targetPrice"> {
  return { targetPrice: target, minPrice: scaled(target, 0.75), maxPrice: scaled(target, 1.25) };
}

function withoutBrands(brands: string[], excluded: string[]): string[] {
  return brands.filter((b) => !excluded.includes(b));
}

function startRequest(f: MessageFacts, previous: RequestState | null): RequestState {
  const state: RequestState = {
    words: f.words,
    categories: f.categories,
    brands: withoutBrands(f.brands, f.excludedBrands),
    minPrice: f.minPrice,
    maxPrice: f.maxPrice,
    targetPrice: f.targetPrice,
    onSale: f.onSale,
    inStockOnly: f.inStock,
    minRating: f.minRating,
    tags: f.gift ? ["gift"] : [],
    sort: f.sort ?? "relevance",
    limit: f.limit ?? DEFAULT_LIMIT,
  };
  if (f.also && previous) {
    if (state.minPrice === null && state.maxPrice === null && !f.clearPrice) {
      state.minPrice = previous.minPrice;
      state.maxPrice = previous.maxPrice;
      state.targetPrice = previous.targetPrice;
    }
    state.onSale ||= previous.onSale;
    state.inStockOnly ||= previous.inStockOnly;
    state.minRating ??= previous.minRating;
    if (previous.tags.includes("gift")) state.tags = unique([...state.tags, "gift"]);
  }
  return state;
}

function refineRequest(previous: RequestState, f: MessageFacts): RequestState {
  const state: RequestState = { ...previous };
  if (f.categories.length > 0 && (!f.weakCategories || previous.categories.length === 0)) {
    state.categories = f.categories;
  }
  state.words = f.words.some((w) => w.product)
    ? [...previous.words.filter((w) => !w.product), ...f.words]
    : [...previous.words, ...f.words];

  let brands = f.clearBrands ? [] : previous.brands;
  if (f.brands.length > 0) brands = f.also ? unique([...brands, ...f.brands]) : f.brands;
  state.brands = withoutBrands(brands, f.excludedBrands);

  if (f.clearPrice) {
    state.minPrice = null;
    state.maxPrice = null;
    state.targetPrice = null;
  }
  if (f.targetPrice !== null) {
    Object.assign(state, around(f.targetPrice));
  } else if (f.minPrice !== null || f.maxPrice !== null) {
    if (state.targetPrice !== null) {
      state.minPrice = null;
      state.maxPrice = null;
      state.targetPrice = null;
    }
    if (f.maxPrice !== null) {
      state.maxPrice = f.maxPrice;
      if (f.minPrice === null && state.minPrice !== null && state.minPrice > f.maxPrice)
        state.minPrice = null;
    }
    if (f.minPrice !== null) {
      state.minPrice = f.minPrice;
      if (f.maxPrice === null && state.maxPrice !== null && state.maxPrice < f.minPrice)
        state.maxPrice = null;
    }
  } else if (f.cheaper) {
    if (state.targetPrice !== null) Object.assign(state, around(scaled(state.targetPrice, CHEAPER_FACTOR)));
    else if (state.maxPrice !== null) {
      state.maxPrice = scaled(state.maxPrice, CHEAPER_FACTOR);
      if (state.minPrice !== null && state.minPrice > state.maxPrice) state.minPrice = null;
    }
  } else if (f.pricier) {
    if (state.targetPrice !== null) Object.assign(state, around(scaled(state.targetPrice, PRICIER_FACTOR)));
    else if (state.maxPrice !== null) {
      state.minPrice = state.maxPrice;
      state.maxPrice = null;
    }
  }

  state.onSale = previous.onSale || f.onSale;
  state.inStockOnly = previous.inStockOnly || f.inStock;
  state.minRating = f.minRating ?? previous.minRating;
  if (f.gift) state.tags = unique([...previous.tags, "gift"]);
  state.sort = f.sort ?? previous.sort;
  state.limit = f.limit ?? previous.limit;
  return state;
}

/** Integers, non-negative, capped, floor never above the cap. */
function sanePrices(state: RequestState): RequestState {
  const fix = (cents: Cents | null) =>
    cents === null || !Number.isFinite(cents)
      ? null
      : Math.min(MAX_PRICE_CENTS, Math.max(0, Math.round(cents)));
  let minPrice = fix(state.minPrice);
  let maxPrice = fix(state.maxPrice);
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  return { ...state, minPrice, maxPrice, targetPrice: fix(state.targetPrice) };
}

// ---------------------------------------------------------------- output

function orList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

function describeRequest(state: RequestState): string[] {
  const out: string[] = [];
  if (state.categories.length > 0) out.push(orList(state.categories));
  if (state.targetPrice !== null) out.push(`around ${formatUsd(state.targetPrice)}`);
  else if (state.minPrice !== null && state.maxPrice !== null)
    out.push(`${formatUsd(state.minPrice)} to ${formatUsd(state.maxPrice)}`);
  else if (state.maxPrice !== null) out.push(`under ${formatUsd(state.maxPrice)}`);
  else if (state.minPrice !== null) out.push(`${formatUsd(state.minPrice)} and up`);
  if (state.onSale) out.push("on sale");
  if (state.inStockOnly) out.push("in stock");
  for (const tag of state.tags) out.push(tag === "gift" ? "gifts" : tag);
  if (state.brands.length > 0) out.push(orList(state.brands));
  if (state.sort === "rating") out.push("best rated");
  if (state.minRating !== null && !(state.sort === "rating" && state.minRating >= BEST_RATING)) {
    out.push(`rated ${state.minRating}+`);
  }
  if (state.sort === "price-low") out.push("lowest price first");
  if (state.sort === "price-high") out.push("highest price first");
  if (state.limit !== DEFAULT_LIMIT) out.push(state.limit === 1 ? "1 result" : `${state.limit} results`);
  return out;
}

function toResult(state: RequestState, refined: boolean): ParsedShoppingRequest {
  const filters: ProductSearchFilters = {
    categories: [...state.categories],
    brands: [...state.brands],
    minPrice: state.minPrice,
    maxPrice: state.maxPrice,
    onSale: state.onSale,
    inStockOnly: state.inStockOnly,
    minRating: state.minRating,
    tags: [...state.tags],
  };
  return {
    text: unique(state.words.map((w) => w.word))
      .slice(0, MAX_TEXT_WORDS)
      .join(" "),
    filters,
    sort: state.sort,
    limit: clampLimit(state.limit),
    targetPrice: state.targetPrice,
    refined,
    understood: describeRequest(state),
  };
}

const EMPTY_STATE: RequestState = {
  words: [],
  categories: [],
  brands: [],
  minPrice: null,
  maxPrice: null,
  targetPrice: null,
  onSale: false,
  inStockOnly: false,
  minRating: null,
  tags: [],
  sort: "relevance",
  limit: DEFAULT_LIMIT,
};

/**
 * The structured search for the shopper's messages (oldest first; the last one is the new
 * request), using the catalogue's category and brand names exactly as given.
 */
export function parseShoppingRequest(
  userMessages: string[],
  catalog: ShoppingCatalogNames,
): ParsedShoppingRequest {
  try {
    const matchers = catalogMatchers(catalog);
    const messages = Array.isArray(userMessages) ? userMessages.slice(-MAX_MESSAGES) : [];
    let state: RequestState | null = null;
    let refined = false;
    for (const message of messages) {
      const facts = readMessage(message, matchers);
      refined = isFollowUp(facts, state);
      state = sanePrices(refined && state ? refineRequest(state, facts) : startRequest(facts, state));
    }
    return toResult(state ?? EMPTY_STATE, refined);
  } catch {
    // Defensive only: every step above is total, but a shopper must never see a crash.
    return toResult(EMPTY_STATE, false);
  }
}
