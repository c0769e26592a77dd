import { spaced, topLevelAlternatives, words } from "./request-scanner.ts";

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
  ["cooking", "Home & Kitchen", "cooking", "weak"],
  ["baking", "Home & Kitchen", "baking", "weak"],
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
  ["music lovers?|audiophiles?|musicians?|music fans?|music", "Audio", "music", "weak"],
  ["gym rats?|gym goers?|lifters?|weightlifters?|athletes?", "Fitness", "", "weak"],
  ["travell?ers?|frequent flyers?|globetrotters?", null, "travel"],
  ["kids?|children|child|toddlers?|little ones?", null, "kids"],
  ["women'?s|womens|woman|ladies", null, "women"],
];

export interface CompiledEntry {
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
export const ANY_PRODUCT_WORD = words(VOCABULARY_ENTRIES.map(({ alternative }) => alternative).join("|"));

/** The entry of a phrase ANY_PRODUCT_WORD matched (the longest alternative, as the pattern chose). */
export function vocabularyEntryOf(phrase: string): CompiledEntry | undefined {
  return COMPILED_VOCABULARY.find((e) => e.exact.test(phrase));
}
