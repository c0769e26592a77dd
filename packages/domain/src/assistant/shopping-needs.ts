import { spaced, topLevelAlternatives, words } from "./request-scanner.ts";

/**
 * A person's interest ("who loves cooking", "a runner") and the general kinds of product that
 * serve it, for a request that names no product. Small and general, like NEEDS.
 */
const INTERESTS: Readonly<Record<string, readonly string[]>> = {
  cooking: [
    "cookware",
    "skillet",
    "knife",
    "cutting board",
    "cookbook",
    "pressure cooker",
    "air fryer",
    "blender",
  ],
  baking: ["baking", "mixer", "cookbook", "blender"],
  coffee: ["coffee", "espresso", "grinder", "kettle", "mug"],
  tea: ["tea", "kettle", "mug"],
  camping: ["camping", "tent", "sleeping bag", "hammock", "headlamp", "cooler", "camp"],
  hiking: ["hiking", "backpack", "trekking poles", "daypack", "hiking boot", "binoculars"],
  backpacking: ["backpacking", "tent", "sleeping bag", "backpack", "camp stove"],
  running: ["running"],
  cycling: ["cycling", "bike", "heart rate", "helmet"],
  yoga: ["yoga", "pilates"],
  pilates: ["pilates", "yoga"],
  music: ["headphones", "earbuds", "speaker"],
  game: ["board game", "card game", "trivia", "puzzle", "game"],
  reading: ["book", "novel", "e-reader", "fiction"],
  travel: ["travel", "duffel", "power bank", "packable"],
  kids: ["kids", "plush", "wooden", "train", "board book", "building"],
  gardening: ["garden", "plant", "gloves"],
  photography: ["camera", "tripod", "lens"],
};

/**
 * What a pastime's verb is done to, between it and how often ("bakes bread every weekend",
 * "reads novels all the time"); never a particle that makes it another verb ("runs out every day").
 */
const PARTICLES = "out|off|away|late|low|over|into|on|up|down|around|back|dry";
const PASTIME_OBJECT = `(?: (?!(?:${PARTICLES})(?![a-z]))[a-z]{3,})?`;

/** A pastime's verb forms, its base form and the interest (INTERESTS) whose kinds answer it. */
const PASTIME_VERBS: readonly [habit: string, base: string, interest: string][] = [
  ["reads?|reading", "read", "reading"],
  ["drinks? (?:a lot of |so much )?tea|tea", "drink tea", "tea"],
  ["drinks? (?:a lot of |so much )?coffee|coffee", "drink coffee", "coffee"],
  ["bakes?|baking", "bake", "baking"],
  ["cooks?|cooking", "cook", "cooking"],
  ["hikes?|hiking|treks?|trekking|goes walking", "hike|trek", "hiking"],
  ["camps?|camping", "camp", "camping"],
  [
    "cycles?|rides? (?:a |his |her )?bike|cycling|on (?:his|her|their|my) bikes?",
    "cycle|ride (?:a |his |her )?bike",
    "cycling",
  ],
  ["runs?|jogs?|running|jogging", "run|jog", "running"],
  ["travels?|travell?ing", "travel", "travel"],
  ["gardens?|gardening", "garden", "gardening"],
  ["does yoga|doing yoga", "do yoga", "yoga"],
];

/**
 * How people stress a state ("my skin is super dry", "my feet are sooo sore", "my hands get kinda
 * numb"): any run of these before the state's word, so a need's phrase reads however it is stressed.
 */
const VERY =
  "(?:(?:so+|super|really|very|always|often|a bit|a little|too|way too|kinda|kind of|pretty|extremely|quite|totally|constantly|seriously|getting|still) )*";

/**
 * Needs and occasions a shopper names instead of a product ("something for a rainy day"), and
 * the general kinds of product that answer them, across categories. Kinds are plain words of
 * what things are, not of one shop's products: the search looks each up in the catalogue's own
 * words (and a catalogue without one of them simply has none of it). Kept small and general;
 * a word the table lacks is still read by meaning (word vectors, see word-meaning.ts).
 */
const NEEDS: readonly (readonly [pattern: string, kinds: readonly string[]])[] = [
  [
    "rainy (?:days?|weather|season)|rainy|(?:the |in the )?rain|wet weather|(?:it'?s |it is )?(?:pouring|raining|drizzling)(?: (?:down|outside|again|all day))?|drizzle|downpours?|stay dry|keep(?:s|ing)? (?:me |us )?dry|(?:getting |get )?(?:soaked|drenched)|getting wet",
    ["umbrella", "rain jacket", "waterproof"],
  ],
  // Drinking enough: what carries water.
  [
    "(?:forget(?:ting)?|remember(?:ing)?|need|want|have) to drink (?:more |enough )?water|drink(?:ing)? (?:more |enough )?water|(?:stay(?:ing)?|keep(?:ing)?) hydrated|hydration|(?:always|so|really|get|gets) thirsty|dehydrated",
    ["water bottle", "insulated bottle", "bottle", "hydration", "tumbler"],
  ],
  [
    "(?:keep|keeps|keeping) (?:my |our |the )?(?:drinks?|beverages?|water|beers?|food) (?:cold|cool|chilled|icy)|cold drinks?|ice cold",
    ["cooler", "insulated bottle", "water bottle", "thermos", "tumbler"],
  ],
  // A hot drink kept hot, on the way or all day: what insulates it (not the cooler of cold drinks).
  [
    `(?:keep|keeps|keeping) (?:my |our |the |his |her )?(?:coffee|tea|drinks?|soup|cocoa) (?:hot|warm)|(?:my |the )?(?:coffee|tea) ${VERY}(?:goes|gets|is) ${VERY}cold|hot (?:coffee|tea|drinks?) (?:on the go|on my commute|all day)`,
    ["insulated", "thermos", "tumbler", "travel mug", "insulated bottle", "mug"],
  ],
  // In the water (swimming, the pool, the shower): what water does not harm.
  [
    "swim(?:s|ming)?(?: laps)?|swam|(?:do(?:ing)? )?laps (?:at|in) the pool|(?:in|at|to) the pool|(?:in|into) the (?:shower|bath|bathtub|sea|ocean)|snorkell?(?:ing)?|surf(?:s|ing)?",
    ["waterproof", "swim", "pool", "sandal", "towel", "dry bag"],
  ],
  // Measuring one's own exercise (how far, how fast, steps): what tracks it.
  [
    "how (?:far|fast|long|many (?:miles|km|kilometers|kilometres|steps|calories))(?: (?:and|or) (?:how )?(?:far|fast|long))? (?:i|we|you|she|he|they)(?:'ve| have)? (?:ran|run|runs|walk|walked|walks|cycle|cycled|ride|rode|swim|swam|go|went|jog|jogged|burn|burned)|track(?:ing)? (?:my |her |his |their )?(?:runs?|steps|distance|pace|workouts?|heart ?rate|fitness|calories|miles|progress|activity)|count(?:ing)? (?:my )?steps|(?:my |a )?step count",
    ["fitness tracker", "tracker", "smartwatch", "heart rate", "wearable", "sport watch"],
  ],
  [
    "(?:working|work) (?:from|at) home|home office|wfh|remote work(?:ing)?|(?:my )?desk setup|video calls?|zoom calls?",
    ["webcam", "monitor", "keyboard", "mouse", "laptop stand", "work-from-home", "desk", "office chair"],
  ],
  [
    "backpacking trips?|camping trips?|(?:a )?trip (?:to the|in the) (?:mountains|woods|backcountry)|(?:a )?night (?:under the stars|outdoors)|sleep(?:ing)? outside",
    ["tent", "sleeping bag", "sleeping pad", "backpack", "camp stove", "headlamp"],
  ],
  [
    "(?:a |the )?new ?born|new baby|(?:a |the )?baby(?: shower)?|infants?|(?:a |my |our )?toddlers?",
    ["baby", "kids", "plush", "board book"],
  ],
  [
    "dinner part(?:y|ies)|hosting (?:a )?(?:dinner|brunch|lunch)|hosting (?:friends|people|guests|family)(?: for (?:dinner|brunch|lunch))?|(?:a )?brunch|(?:having|have) (?:people|friends|guests|family) (?:over|round)|entertaining guests",
    ["dinnerware", "candle", "cookware", "wine"],
  ],
  [
    "(?:a )?long (?:flights?|trips?)|(?:a )?flight|business trips?|on the go|(?:a )?long (?:train|bus|coach) (?:rides?|journeys?|trips?)|on the (?:train|bus|subway|tube|plane)",
    ["travel", "noise cancelling", "power bank", "duffel", "neck pillow"],
  ],
  // A long journey: what packs and carries, not what eases a flight.
  [
    "travell?ing|(?:a )?weekend away|(?:a )?trip (?:around|round|across) the world|(?:a )?trip abroad|going abroad|(?:a )?gap year",
    ["travel", "duffel", "packable", "power bank", "adapter", "backpack"],
  ],
  [
    "(?:a )?beach (?:day|trip|holiday|vacation)|(?:the )?beach|pool ?side|summer holiday",
    ["sunscreen", "sunglasses", "sandal", "towel", "waterproof speaker"],
  ],
  [
    `(?:cold|winter|snowy|freezing) (?:weather|days?|nights?|mornings?)|(?:stay|keep(?:ing)?) (?:me |us |her |him )?warm|(?:always|often|gets|feels?|is) ${VERY}cold|(?:the )?winter|freezing|ski(?:ing)?(?: (?:trips?|holidays?|vacations?|weekends?))?|snowboard(?:ing)?|(?:in )?the snow`,
    ["winter", "wintry", "insulated", "fleece", "wool", "sweater", "beanie", "scarf", "blanket"],
  ],
  [
    "(?:a )?cozy night in|movie nights?|relax(?:ing)?(?: at home)?|unwind(?:ing)?|de ?stress(?:ing)?|self care|pamper(?:ing)?",
    ["blanket", "candle", "bath", "cozy"],
  ],
  [
    "(?:a )?home gym|(?:get(?:ting)?|stay(?:ing)?|keep(?:ing)?)(?: back)? (?:in(?:to)? shape|fit)|back in(?:to)? shape|out of shape|work(?:ing)? out at home|lose weight",
    ["dumbbell", "kettlebell", "yoga mat", "resistance band", "home-gym"],
  ],
  [
    "(?:a )?morning coffee|coffee (?:at home|every morning)|(?:a )?better coffee",
    ["coffee", "grinder", "espresso", "kettle", "mug"],
  ],
  [
    // "class" alone, not "a yoga class" (whose interest, yoga, is what is sought).
    "back to school|(?:for )?(?:college|university|school)|(?:for|to|in|my|her|his) class(?:es)?",
    ["backpack", "laptop", "headphones", "notebook"],
  ],
  // A drive as a journey, not driving as such ("the sun is too bright when I drive").
  [
    "(?:a )?road trips?|(?:a |the )?long drives?|(?:for |on )the drive",
    ["cooler", "power bank", "charger", "travel"],
  ],
  [
    "housewarming(?: party| gift)?|(?:a |their |her |his )?new (?:home|house|apartment|flat|place)|moving (?:in|house)|(?:my |her |his |their )?first (?:apartment|flat|home|house|place)|moving (?:into|to) (?:a |her |his |my |their )?(?:new |first )?(?:flat|apartment|house|home|place)",
    ["candle", "mug", "cutting board", "food storage", "throw", "skillet", "kitchen"],
  ],
  [
    "(?:better |good )?sleep|(?:can'?t|cannot) sleep|sleepless nights?",
    ["sleep", "pillow", "bedding", "sleep earbuds"],
  ],
  [
    "(?:start(?:ed|ing)? )?lift(?:s|ing)? weights|weight ?lifting|(?:into|loves?|likes?|enjoys?|goes|does) lifting|lifting at the gym|strength training|(?:build(?:ing)?|gain(?:ing)?) (?:muscle|strength)|bulk(?:ing)? up",
    ["dumbbell", "kettlebell", "weight bench", "pull-up bar", "weights", "strength"],
  ],
  [
    "(?:a |my )?(?:first )?marathon|(?:training for )?(?:a )?(?:5k|10k|half marathon)",
    ["running", "running shoe", "hydration", "running watch"],
  ],
  // Meals and food: what they are made of, in general words ("vegetables", not a shop's names).
  [
    "(?:a |the )?(?:fruit |green |pasta )?salads?",
    ["vegetables", "fruit", "lettuce", "tomato", "cucumber", "olive oil", "cooking oil"],
  ],
  [
    "(?:for |a |my )?breakfast(?:es)?",
    ["eggs", "milk", "bread", "cereal", "juice", "coffee", "honey", "fruit"],
  ],
  [
    "(?:chop(?:ping)?|dic(?:e|ing)|slic(?:e|ing)|cut(?:ting)?|prep(?:ping)?|peel(?:ing)?) (?:up )?(?:the |some |my )?(?:veg(?:etables|gies)?|onions?|fruit|potatoes|carrots|meat)",
    ["knife", "chopping board", "cutting board", "peeler", "grater", "slicer"],
  ],
  // Making drinks of fruit: what squeezes or blends it, not the drink the shop sells.
  [
    "(?:mak(?:e|ing)|squeez(?:e|ing)|blend(?:ing)?) (?:my own |our own |some |fresh |homemade )*(?:(?:orange|fruit|green|apple|carrot|veggie) )?(?:juices?|smoothies?)|juic(?:e|ing) (?:fruit|oranges|lemons|vegetables)",
    ["juicer", "blender", "squeezer", "citrus press"],
  ],
  [
    "(?:make |making )?(?:pancakes|waffles|crepes|muffins)|bak(?:e|ing) (?:a |some )?(?:cake|bread|cookies|muffins|pie|cupcakes)|(?:a )?bake sale|bak(?:e|ing)",
    ["baking", "flour", "eggs", "butter", "whisk", "rolling pin", "mixing bowl", "baking tray", "mixer"],
  ],
  [
    "(?:a )?(?:bbq|barbecue|barbeque|cookout|cook out)s?|grill(?:ing)?(?: out)?",
    ["meat", "steak", "chicken", "sausage", "tongs", "grill", "soft drinks", "juice", "plates"],
  ],
  [
    "(?:family )?game nights?|(?:a )?games? evening|(?:a )?family night",
    ["board game", "card game", "trivia", "puzzle"],
  ],
  // Making videos and photos of oneself.
  [
    "vlog(?:s|ging|ger)?|youtub(?:e|er|ing)|(?:my own )?(?:channel|podcast)|content creat(?:or|ion|ing)|(?:film(?:ing)?|record(?:ing)?|post(?:ing)?|mak(?:e|ing)) (?:videos?|selfies|reels|tiktoks?)(?: of (?:myself|me))?|selfies|live ?stream(?:ing)?",
    ["selfie", "monopod", "tripod", "camera", "microphone", "ring light"],
  ],
  // Somewhere to sit, sleep or put things: furniture by what it is for.
  [
    "(?:somewhere|some ?where|nowhere|a place|places|something) to sit(?: on| down)?|seating|sit(?:ting)? (?:on|down)",
    ["sofa", "couch", "chair", "armchair", "stool"],
  ],
  [
    "(?:decorat(?:e|ing)|furnish(?:ing)?|do(?:ing)? up) (?:my |our |the |a )?(?:living room|lounge|bedroom|home|house|apartment|flat|place|room)|(?:my |our |the )?(?:living room|lounge|bedroom|room|home|house|apartment|flat|place|walls?) (?:looks?|feels?|is|are) (?:so |really |a bit |very )?(?:empty|bare|boring|plain)|home decor",
    ["decor", "furniture", "sofa", "lamp", "plant", "vase", "frame", "cushion", "rug"],
  ],
  [
    "(?:a |her |his |my |their )?(?:new|first) job|(?:an )?office job|starting work|(?:her |his |my )?first day at work",
    ["laptop backpack", "wallet", "watch", "notebook", "headphones", "keyboard", "work-from-home"],
  ],
  // A battery that runs out: what charges on the go (before the device's own word reads as a phone).
  [
    "(?:my |the |his |her )?(?:phone|laptop|tablet|device)(?:'s)? battery (?:never lasts?|dies|runs? out|(?:is |goes )?(?:dead|flat)|drains?)(?: (?:the |a )?(?:whole )?day| so fast| quickly| too fast)?|(?:my )?battery (?:never lasts?|always dies|dies|runs? out|drains?)(?: (?:the |a )?(?:whole )?day| so fast| quickly| too fast)?|(?:my |the |his |her )?(?:phone|laptop|tablet)(?: (?:always|keeps|constantly|never))? (?:dies|dying|die|goes dead|runs? out|lasts?)(?: (?:on|during|by|before|halfway|the whole|all day|the day|so fast|quickly|too fast))?|run(?:s|ning)? out of (?:battery|charge|power)|(?:low|dead|flat) batter(?:y|ies)|keep (?:my )?(?:phone|devices?) charged|charg(?:e|ing) (?:my )?(?:phone|devices?) on the go",
    ["power bank", "charger", "charging", "battery pack", "wireless charger"],
  ],
  // Bright sun: what shades the eyes and skin.
  [
    "(?:the )?sun (?:is |gets )?(?:so |too |really |super )?(?:bright|strong|harsh)|(?:the )?glare|squint(?:ing)?|sunburn(?:t|ed|s)?|(?:get|got|gets) burnt|too much sun|(?:my )?eyes (?:hurt|ache|water|sting)(?: in the (?:sun|light))?",
    ["sunglasses", "sunscreen", "hat", "cap", "visor"],
  ],
  // Cold hands, ears or feet: what covers them (before the cold in general, which would take "cold").
  [
    `(?:my |his |her )?(?:hands|fingers|ears|feet|toes|head)(?: and (?:my |his |her )?(?:hands|fingers|ears|feet|toes|head))? (?:are |is |get |gets |go |feel |feels )?${VERY}(?:cold|frozen|numb|freezing)`,
    ["gloves", "mittens", "beanie", "socks", "wool", "insulated", "thermal"],
  ],
  // Dry or tired skin: what cares for it.
  [
    `(?:my |his |her )?(?:skin|hands|lips|face) (?:is |are |gets? |feels? |looks? )?${VERY}(?:dry|cracked|chapped|flaky|itchy|dull|rough)(?: lately)?|dry skin|chapped lips|dull skin`,
    ["moisturizer", "moisturiser", "lotion", "cream", "face oil", "lip balm", "skincare", "skin care"],
  ],
  // Sweating at a workout: what breathes and wipes.
  [
    `sweat (?:a lot|so much|loads|a ton|buckets|like crazy)|(?:get|gets|getting) ${VERY}sweaty|sweating (?:a lot|so much|buckets)|overheat(?:s|ing)?|(?:get|gets|getting) ${VERY}(?:hot|overheated) (?:when|while|during|at|on)`,
    ["moisture-wicking", "breathable", "towel", "headband", "water bottle"],
  ],
  // A bored child: what occupies them.
  [
    "(?:my |our |the )?(?:kids?|toddlers?|children|son|daughter|nephew|niece|little one) (?:is |are |gets? )?(?:so |always |really )?bored(?: all the time)?|keep (?:the |my |our )?(?:kids?|toddlers?|children) (?:busy|entertained|occupied)",
    ["kids", "toy", "puzzle", "board game", "building", "plush", "wooden"],
  ],
  // The mountains or hills: what a walker carries.
  [
    "(?:going |off |heading |a trip )?(?:to|in|into) the (?:mountains|hills|alps)|(?:a )?mountain (?:trip|holiday|weekend|walk)",
    ["hiking", "backpack", "trekking poles", "daypack", "hiking boot", "rain jacket"],
  ],
  // Smelling nice: what is worn for it.
  [
    "smell(?:s|ing)? (?:so |really )?(?:nice|good|great|amazing|fresh)|(?:a )?(?:nice|good|signature) (?:smell|scent)",
    ["perfume", "fragrance", "cologne", "eau de parfum", "eau de toilette"],
  ],
  // Something to wear for an occasion: clothes and shoes, not a kind named.
  [
    "(?:an? |new |nice |the )?outfits?(?: for)?|something (?:nice |smart |fancy )?to wear|(?:nothing|what) to wear|dress(?:ing)? up|look (?:sharp|smart|professional|presentable|put together|my best|(?:good|nice) (?:for|at) (?:a |an |my |the |her |his )?[a-z]+)|(?:a |an |my |the )?(?:job )?interviews?|(?:the |a |her |his |my )?prom|(?:a )?formal (?:event|dinner|occasion|party)|(?:a )?gala",
    ["dress", "shirt", "top", "blouse", "suit", "heels", "shoes"],
  ],
  // Keeping time: what tells it.
  [
    "(?:always |often |keep |constantly )?(?:running |being )?late (?:for|to) (?:work|meetings?|class(?:es)?|school|everything)|(?:lose|losing|keep|keeping) track of (?:the )?time",
    ["watch", "smartwatch", "alarm clock"],
  ],
  // Hot weather: what keeps one cool and shaded (a season word alone is no need: "every summer").
  [
    "(?:really |very |so )?(?:hot|sunny|scorching|boiling|sweltering) (?:summers?|weather|days?|spells?|climate)|heat ?waves?|(?:the )?summer heat|(?:stay|keep(?:ing)?) (?:me |us |him |her )?cool",
    ["summer", "sunglasses", "sandal", "sunscreen", "shorts", "tank", "linen", "water bottle"],
  ],
  // On the water.
  [
    "paddl(?:e|ing)(?: ?board(?:ing)?)?|kayaking|canoe(?:ing)?|rafting|boating|(?:on|around|across|at) the (?:lake|river)|(?:a )?(?:lake|river) trip",
    ["paddling", "kayak", "dry bag", "waterproof", "life jacket"],
  ],
  // Aches of long sitting: what eases the posture; sore muscles: what helps them recover.
  [
    "(?:my )?(?:back|neck|wrists?|shoulders?)(?: and (?:my )?(?:back|neck|wrists?|shoulders?))? (?:hurts?|aches?|is killing me|are killing me)|(?:back|neck|wrist|shoulder) (?:pain|aches?)|bad posture|(?:long )?(?:days?|hours) (?:at|on|in front of) (?:the |my |a )?(?:computer|desk|laptop|screen)",
    ["ergonomic", "laptop stand", "office chair", "mouse", "massage", "foam roller"],
  ],
  // Sore feet from walking or standing: what cushions them.
  [
    `(?:my )?feet (?:are |is )?${VERY}(?:killing me|hurt(?:ing)?|ache|aching|sore|tired|throbbing)|(?:sore|aching|tired) feet|(?:(?:on|stand(?:ing)? on) (?:my|her|his|their|your) feet|stand(?:s|ing)?(?: up)?) (?:all day|all shift|for hours|(?:the )?whole (?:day|shift))`,
    ["cushioned", "comfort", "walking", "insoles"],
  ],
  [
    `sore (?:muscles|legs|calves|body)|aching muscles|(?:my )?(?:legs|muscles|calves|arms|thighs|body) (?:are |is |feel |feels |get |gets )?${VERY}(?:sore|stiff|aching|achy)|(?:after )?leg day|muscle (?:pain|soreness|recovery)|recover(?:y|ing)? after (?:workouts?|runs?|training|the gym)`,
    ["recovery", "massage", "foam roller"],
  ],
  // Traits said by what they spare the shopper: no cable, a pocket, a drop, a weight (the
  // product named beside them keeps them as its trait: message-context.ts).
  [
    "(?:does ?n'?t|do ?n'?t|wo ?n'?t|without|no|never) (?:needs? |ha(?:ve|s) |any |uses? )?(?:a |the |any )?(?:cables?|wires?|cords?)|cable ?free|wire ?free|tangled (?:cables|wires)",
    ["wireless", "bluetooth", "cordless"],
  ],
  [
    "fits? (?:in(?:to)?|inside) (?:my |a |your |her |his )?(?:pocket|purse|handbag)|(?:small|light|tiny|compact) enough to (?:carry|take|fit|bring)(?: (?:around|anywhere|everywhere))?|pocket ?(?:size|sized)",
    ["portable", "compact", "pocket", "mini", "lightweight"],
  ],
  [
    "(?:wo ?n'?t|does ?n'?t|will not|not) (?:break|crack|smash|shatter)(?: (?:if|when) (?:i |you |it |she |he |they )?(?:drops?|dropped|falls?|drop it))?|survives? (?:a )?(?:drops?|falls?)|(?:always|constantly|keep) dropping",
    ["protective", "rugged", "shockproof", "durable"],
  ],
  [
    "light enough to (?:wear|carry|take)|(?:does ?n'?t|wo ?n'?t) weigh (?:me |her |him )?down|(?:not|isn'?t) (?:too )?heavy",
    ["lightweight", "packable", "light"],
  ],
  // What carries one's things about (gym clothes, a laptop, books).
  [
    "(?:to |something to |can |could )?carry (?:all )?(?:of )?(?:my |our |her |his |the |their )?(?:stuff|things|gear|kit|clothes|gym clothes|essentials|laptop|books|shoes)(?:,? (?:and|or|plus) (?:my |our |her |his |the |their )?(?:stuff|things|gear|kit|clothes|gym clothes|essentials|laptop|books|shoes))*",
    ["bag", "backpack", "duffel", "tote", "messenger"],
  ],
  // Out in the dark on foot or on a bike: what makes one seen and lights the way.
  [
    "(?:run(?:s|ning)?|walk(?:s|ing)?|cycl(?:e|es|ing)|jog(?:s|ging)?|rid(?:e|es|ing)) (?:home )?(?:at night|in the dark|after dark|before (?:sunrise|dawn))|(?:cars|drivers|traffic) (?:ca ?n'?t|cannot|do ?n'?t|do not) see (?:me|her|him|us)|(?:stay |be )?(?:visible|seen) (?:at night|in the dark)",
    ["reflective", "headlamp", "light", "visibility"],
  ],
  // Pastimes said with a verb ("reads all the time", "drinks tea all day"): the interest's kinds.
  ...pastimes(),
];

/**
 * A person's pastime as a habit ("reads all the time", "bakes every weekend", "loves to cook"):
 * the verb's forms and the interest (below) whose kinds answer it.
 */
function pastimes(): [string, readonly string[]][] {
  const HABIT =
    "(?:a lot|all the time|all day(?: long)?|every (?:day|week|weekend|morning|evening|night)|constantly|daily|non ?stop|so much|for fun|(?:in|on|to|through) the (?:mountains|hills|woods|trails?))";
  return PASTIME_VERBS.map(([habit, base, interest]) => [
    `(?:${habit})${PASTIME_OBJECT} ${HABIT}|(?:loves?|likes?|enjoys?) to (?:${base})|(?:always|constantly) (?:${habit})(?! (?:${PARTICLES})(?![a-z]))`,
    kindsOfInterest(interest),
  ]);
}

/** The pastimes said with a verb of their own (drinking tea or coffee is no verb of one). */
const GIFT_PASTIMES = PASTIME_VERBS.filter(([, base]) => !base.startsWith("drink"));

/**
 * In a gift, what the person does is their interest, said with its verb alone ("she runs
 * marathons", "he bakes bread", "my dad reads"): the habit a gift describes needs no "a lot".
 * The verb's object ("marathons", "bread") is part of the pastime, not a product asked for; a
 * particle makes it another verb ("he always runs late").
 */
export const GIFT_PASTIME = words(
  `(?<!(?:a|an|the) )(?:${GIFT_PASTIMES.map(([habit]) => habit).join("|")})(?! (?:${PARTICLES})(?![a-z]))(?: (?:a|an|the|his|her|their))?(?: (?!(?:and|but|for|with|every|all|who|because|so|too|also|now|then|lately|alot)(?![a-z]))[a-z]{3,})?`,
);

/** The kinds of product for a pastime GIFT_PASTIME matched. */
export function kindsOfGiftPastime(phrase: string): readonly string[] {
  const found = GIFT_PASTIMES.find(([habit]) =>
    new RegExp(`^(?:${spaced(habit)})(?![a-z])`, "u").test(phrase),
  );
  return found ? kindsOfInterest(found[2]) : [];
}

export interface CompiledNeed {
  exact: RegExp;
  kinds: readonly string[];
}

const COMPILED: readonly CompiledNeed[] = NEEDS.map(([pattern, kinds]) => ({
  exact: new RegExp(`^(?:${spaced(pattern)})$`, "u"),
  kinds,
}));

/** Every need phrase; longer alternatives are tried first by the order they are written in. */
export const ANY_NEED = words(NEEDS.map(([pattern]) => pattern).join("|"));

/** Whether an alternative always spans several words (its optional parts left out). */
function alwaysSeveralWords(alternative: string): boolean {
  let core = alternative;
  for (let before = ""; before !== core; ) {
    before = core;
    core = core.replace(/\(\?:[^()]*\)\?/g, "");
  }
  return core.trim().includes(" ");
}

/**
 * The need phrases of several words ("a backpacking trip", "rainy days"): read before product
 * words, which would otherwise take "backpacking" alone; single words ("rain", "winter") are read
 * after them, so "rain jacket" stays a product.
 */
export const NEED_PHRASE = words(
  NEEDS.flatMap(([pattern]) => topLevelAlternatives(pattern).filter(alwaysSeveralWords)).join("|"),
);

/** The kinds of product a matched need phrase asks for. */
export function kindsOfNeed(phrase: string): readonly string[] {
  return COMPILED.find((n) => n.exact.test(phrase))?.kinds ?? [];
}

/** The kinds of product for an interest word (its own word first), or none. */
export function kindsOfInterest(word: string): readonly string[] {
  const kinds = INTERESTS[word];
  return kinds ? [word, ...kinds.filter((k) => k !== word)] : [];
}

/**
 * Kinds of product people commonly give, for a gift that names neither a product nor an
 * interest ("something for my mom") in a shop whose products carry no gift tag. General words,
 * like the needs: the search finds whichever the shop has.
 */
export const GIFT_KINDS: readonly string[] = [
  "perfume",
  "fragrance",
  "jewellery",
  "earrings",
  "necklace",
  "watch",
  "handbag",
  "wallet",
  "scarf",
  "candle",
  "photo frame",
  "chocolate",
  "skincare",
  "mug",
];
