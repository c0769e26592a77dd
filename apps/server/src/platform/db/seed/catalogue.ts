/**
 * The seeded demo catalogue. Names, brands and descriptions are hand-written so the shop and
 * its shopping assistant have believable material; prices, ratings, stock and sale picks come
 * from a seeded PRNG so the data looks organic yet is identical on every call and every machine
 * (seeding is keyed by SKU, so a drifting catalogue would duplicate products).
 */

import { mulberry32 } from "@haggle/domain/random/mulberry32";

export interface SeedProduct {
  sku: string;
  name: string;
  description: string;
  brand: string;
  category: string;
  priceCents: number;
  listPriceCents: number;
  rating: number;
  reviewCount: number;
  stockLevel: number;
  demandIndex: number;
  tags: string[];
}

/** [brand, name, min list price in dollars, max list price in dollars, space-separated tags, description] */
type Line = readonly [
  brand: string,
  name: string,
  min: number,
  max: number,
  tags: string,
  description: string,
];

interface CategoryBlock {
  category: string;
  code: string;
  /** Added to every product so broad searches ("shoes", "books") find the whole category. */
  tag: string;
  lines: readonly Line[];
}

// biome-ignore format: two lines per product keeps the catalogue readable as a table
const BLOCKS: readonly CategoryBlock[] = [
  {
    category: "Footwear",
    code: "FTW",
    tag: "shoes",
    lines: [
      ["Nike", "Nike Airstride 5 Running Shoe", 120, 160, "running road cushioned",
        "A plush daily trainer for easy miles and long runs. Full-length foam cushioning, a breathable engineered mesh upper and a durable rubber outsole keep every stride smooth."],
      ["Nike", "Nike Tempo Flight Running Shoe", 160, 220, "running racing lightweight",
        "A lightweight racer for tempo days and race day. A carbon-infused plate and responsive foam return energy with every step, while the thin mesh upper keeps weight down."],
      ["Adidas", "Adidas Cloudpace 2 Running Shoe", 90, 130, "running road cushioned",
        "An everyday running shoe with soft, bouncy cushioning for 5Ks and weekday jogs. The knit upper flexes with your foot and the grippy outsole handles wet pavement."],
      ["Adidas", "Adidas Ultralight Racer Running Shoe", 140, 190, "running racing lightweight",
        "Built for speed work and personal bests. Weighs under 7 oz and pairs a snappy midsole with a locked-down heel counter for fast turnover."],
      ["Stridelab", "Stridelab Vantage 3 Running Shoe", 110, 150, "running stability road",
        "A stability running shoe for runners who overpronate. A firm medial post and wide base guide each landing without feeling stiff on longer runs."],
      ["Stridelab", "Stridelab Cadence Daily Running Shoe", 70, 100, "running beginner road",
        "An affordable, comfortable running shoe for new runners and gym sessions. Lightly cushioned, flexible and finished with reflective details for early-morning runs."],
      ["Stridelab", "Stridelab Women's Aria Running Shoe", 100, 140, "running women cushioned",
        "Designed on a women's last with a narrower heel and roomier toe box. Soft foam cushioning and a seamless upper make it a go-to for half-marathon training."],
      ["Kestrel", "Kestrel Swift Road Running Shoe", 69, 99, "running road lightweight",
        "A no-nonsense road running shoe with a responsive midsole and breathable upper. Great value for daily runs, treadmill sessions and park laps."],
      ["Kestrel", "Kestrel Marathon Pro Running Shoe", 150, 200, "running racing marathon",
        "A max-cushion marathon shoe that stays protective deep into the race. Rocker geometry keeps you rolling forward when the legs get tired."],
      ["Northpeak", "Northpeak Ridgeline Trail Running Shoe", 110, 160, "running trail waterproof",
        "A trail running shoe with 5 mm lugs for mud, rock and loose gravel. A waterproof membrane and rock plate protect your feet on technical descents."],
      ["Kestrel", "Kestrel Scree Trail Running Shoe", 89, 130, "running trail grip",
        "A nimble trail shoe for fast, rocky singletrack. Sticky rubber lugs, a protective toe bumper and a gusseted tongue keep debris out."],
      ["Adidas", "Adidas Terrain Grip Trail Running Shoe", 100, 150, "running trail grip",
        "Takes you from road to trail without missing a beat. A multi-directional lug pattern bites into dirt while the cushioned midsole stays comfortable on pavement."],
      ["Urbanline", "Urbanline Classic Low Sneaker", 59, 90, "sneakers casual everyday",
        "A clean, low-profile leather sneaker that goes with jeans, chinos and everything in between. Cushioned insole and stitched cupsole for all-day comfort."],
      ["Urbanline", "Urbanline Canvas High-Top Sneaker", 49, 70, "sneakers casual canvas",
        "A timeless canvas high-top with a vulcanized rubber sole. Lightweight, easy to break in and available in bold colors."],
      ["Nike", "Nike Court Retro Sneaker", 80, 120, "sneakers casual retro",
        "A retro court sneaker inspired by 80s tennis styles. Soft leather upper, padded collar and a grippy herringbone outsole."],
      ["Adidas", "Adidas Street Shell Sneaker", 85, 120, "sneakers casual classic",
        "An iconic shell-toe sneaker with a durable leather upper and rubber cupsole. A streetwear staple that holds up to daily wear."],
      ["Urbanline", "Urbanline Knit Slip-On Sneaker", 55, 85, "sneakers casual travel",
        "A breathable knit slip-on that is easy on, easy off, perfect for travel and errands. Machine washable with a featherlight foam sole."],
      ["Stridelab", "Stridelab Everyday Walking Sneaker", 70, 110, "sneakers walking comfort",
        "A supportive walking sneaker with arch support and a cushioned heel. Ideal for long days on your feet, commutes and city sightseeing."],
      ["Northpeak", "Northpeak Summit Waterproof Hiking Boot", 150, 240, "hiking boots waterproof",
        "A rugged hiking boot for multi-day treks. Waterproof full-grain leather, ankle support and a Vibram-style outsole grip on wet rock and loose scree."],
      ["Northpeak", "Northpeak Trailhead Mid Hiking Boot", 99, 150, "hiking boots lightweight",
        "A lightweight mid-height hiking boot for day hikes. Breaks in quickly and offers cushioned support with a breathable mesh-and-suede upper."],
      ["Urbanline", "Urbanline Cushion Slide Sandal", 25, 45, "sandals summer pool",
        "A soft, molded slide for the pool, beach or post-workout recovery. Quick-drying and contoured for arch support."],
      ["Hearthside", "Hearthside Shearling-Lined Slipper", 39, 79, "slippers cozy gift",
        "A cozy moccasin slipper lined with plush faux shearling. Suede upper and a rubber sole that can handle a quick trip outdoors."],
    ],
  },
  {
    category: "Audio",
    code: "AUD",
    tag: "audio",
    lines: [
      ["Sony", "Sony StudioQuiet Noise Cancelling Headphones", 299, 399, "headphones wireless noise-cancelling bluetooth gift",
        "Premium over-ear headphones with industry-leading noise cancelling for flights, offices and commutes. Up to 30 hours of battery, multipoint Bluetooth and plush memory-foam ear cushions."],
      ["Sony", "Sony Everyday Wireless Headphones", 59, 99, "headphones wireless bluetooth",
        "Lightweight on-ear wireless headphones for daily listening. Around 35 hours of playback, a built-in mic for calls and a foldable design for your bag."],
      ["Aurion", "Aurion Halo Noise Cancelling Headphones", 199, 299, "headphones wireless noise-cancelling bluetooth",
        "Over-ear headphones that block out the world with adaptive noise cancelling. Rich, detailed sound, 40-hour battery and a transparency mode for quick conversations."],
      ["Aurion", "Aurion Studio Monitor Headphones", 99, 179, "headphones wired studio",
        "Closed-back wired headphones tuned flat for mixing, recording and critical listening. Swappable coiled and straight cables and rotating ear cups for one-ear monitoring."],
      ["Wavecrest", "Wavecrest Drift Wireless Headphones", 79, 129, "headphones wireless bluetooth",
        "Comfortable over-ear Bluetooth headphones with punchy bass for music and podcasts. Fast USB-C charging gives 5 hours of play from 10 minutes plugged in."],
      ["Tonic Labs", "Tonic Labs Kids Volume-Limited Headphones", 29, 45, "headphones kids wired gift",
        "Durable, colorful headphones for kids with volume limited to 85 dB to protect young ears. Flexible headband and a built-in audio splitter for sharing."],
      ["Wavecrest", "Wavecrest Bassline Over-Ear Headphones", 49, 89, "headphones wireless bluetooth bass",
        "Big-bass wireless headphones at a friendly price. Cushioned ear cups, 30-hour battery and a wired mode for gaming or in-flight entertainment."],
      ["Aurion", "Aurion Lite On-Ear Headphones", 39, 69, "headphones wireless lightweight",
        "Compact on-ear headphones that weigh just 150 g. Clear sound, simple button controls and a battery that lasts all week of commuting."],
      ["Sony", "Sony Pulse True Wireless Earbuds", 99, 179, "earbuds wireless noise-cancelling bluetooth",
        "Compact true wireless earbuds with active noise cancelling and a pocketable charging case. IPX4 splash resistance and clear calls with beamforming mics."],
      ["Aurion", "Aurion Pods Pro Noise Cancelling Earbuds", 179, 249, "earbuds wireless noise-cancelling bluetooth gift",
        "Flagship earbuds with adaptive noise cancelling, spatial audio and wireless charging. Secure silicone tips come in four sizes for an all-day fit."],
      ["Wavecrest", "Wavecrest Sport Wireless Earbuds", 49, 89, "earbuds wireless sport waterproof running",
        "Sweatproof earbuds with flexible ear hooks that stay put on runs and workouts. IPX7 waterproof with 9 hours per charge and 30 more in the case."],
      ["Tonic Labs", "Tonic Labs Mini True Wireless Earbuds", 29, 49, "earbuds wireless bluetooth budget",
        "Tiny, affordable true wireless earbuds with surprisingly full sound. Touch controls, auto pairing and a keychain-sized charging case."],
      ["Tonic Labs", "Tonic Labs Open-Ear Sport Earbuds", 69, 119, "earbuds wireless sport running",
        "Open-ear earbuds that keep you aware of traffic on runs and rides. Lightweight titanium frame, sweat resistant and 8 hours of battery."],
      ["Wavecrest", "Wavecrest Sleep Earbuds", 99, 149, "earbuds sleep noise-masking",
        "Ultra-small earbuds designed for side sleepers. Soothing soundscapes mask snoring and street noise, and a gentle alarm plays only for you."],
      ["Sony", "Sony Studio Wired Earbuds", 19, 39, "earbuds wired budget",
        "Reliable wired earbuds with an in-line mic and tangle-resistant flat cable. Balanced sound for calls, music and video."],
      ["Wavecrest", "Wavecrest Tidepool Waterproof Bluetooth Speaker", 59, 129, "speaker bluetooth waterproof portable gift",
        "A rugged portable speaker that floats and survives drops, sand and splashes. 360-degree sound and 16 hours of battery for beach days and camping."],
      ["Aurion", "Aurion Room Smart Speaker", 129, 199, "speaker smart wifi voice",
        "A room-filling smart speaker with Wi-Fi streaming and voice control. Pair two for stereo or group with other speakers for whole-home audio."],
      ["Tonic Labs", "Tonic Labs Pocket Bluetooth Speaker", 25, 45, "speaker bluetooth portable",
        "A palm-sized Bluetooth speaker with a carabiner clip for hikes and bike rides. Splashproof, 10 hours of playback and surprisingly loud."],
      ["Sony", "Sony Boombox Party Speaker", 249, 349, "speaker bluetooth party",
        "A high-power party speaker with deep bass and reactive light show. Karaoke mic input, 20-hour battery and a built-in handle for easy carrying."],
      ["Aurion", "Aurion Cinema 3.1 Soundbar", 249, 399, "soundbar tv home-theater",
        "A 3.1-channel soundbar with a dedicated center channel for crystal-clear dialogue. HDMI eARC, wireless subwoofer and a night mode that tames loud explosions."],
    ],
  },
  {
    category: "Electronics",
    code: "ELC",
    tag: "electronics",
    lines: [
      ["Lumio", "Lumio Pulse 2 Smartwatch", 179, 299, "smartwatch fitness wearable gift",
        "A smartwatch that tracks workouts, heart rate, sleep and blood oxygen. Bright AMOLED display, built-in GPS and up to 7 days of battery."],
      ["Lumio", "Lumio Band Fitness Tracker", 49, 99, "fitness wearable tracker gift",
        "A slim fitness tracker that counts steps, sleep and active minutes. Water resistant to 50 m with a 14-day battery and smartphone notifications."],
      ["Lumio", "Lumio Kids Smartwatch", 59, 99, "smartwatch kids wearable",
        "A kid-friendly smartwatch with GPS location, calls to approved contacts and a school mode that mutes games in class. Durable and splashproof."],
      ["Nexa", "Nexa Tab 11 Tablet", 249, 449, "tablet streaming portable",
        "An 11-inch tablet with a sharp 2K display, quad speakers and all-day battery. Great for streaming, note-taking and video calls."],
      ["Nexa", "Nexa Paper E-Reader", 99, 169, "e-reader reading waterproof gift",
        "A glare-free 7-inch e-reader that reads like real paper, even in sunlight. Warm adjustable light, waterproof design and weeks of battery."],
      ["Nexa", "Nexa HD Pro Webcam", 59, 129, "webcam work-from-home streaming",
        "A 1080p webcam with autofocus and automatic light correction for crisp video calls. Dual noise-reducing mics and a privacy shutter."],
      ["Nexa", "Nexa Trek 4K Action Camera", 199, 349, "camera waterproof travel",
        "A pocket action camera that shoots stabilized 4K video. Waterproof to 10 m without a case, with voice control and a front-facing screen for vlogging."],
      ["Nexa", "Nexa Stream 4K Streaming Stick", 29, 59, "streaming tv",
        "Turn any TV into a smart TV with 4K HDR streaming. Voice remote, Wi-Fi 6 support and access to all major streaming apps."],
      ["Voltix", "Voltix 20000mAh Power Bank", 29, 59, "charger portable travel",
        "A high-capacity power bank that charges a phone four times over. 30 W USB-C fast charging and two ports to power up devices at once."],
      ["Voltix", "Voltix 65W GaN USB-C Charger", 29, 55, "charger usb-c travel",
        "A compact 65 W GaN wall charger that powers a laptop, tablet and phone. Foldable prongs and three ports make it an ideal travel charger."],
      ["Voltix", "Voltix 3-in-1 Wireless Charging Stand", 45, 89, "charger wireless gift",
        "Charge your phone, watch and earbuds at once from a single cable. Angled stand for watching video while charging, with a soft-glow indicator."],
      ["Voltix", "Voltix 1TB Portable SSD", 79, 149, "storage portable",
        "A palm-sized portable SSD with read speeds up to 1050 MB/s. Drop resistant, password protected and compatible with Mac, PC and consoles."],
      ["Arcwell", "Arcwell Mechanical Keyboard", 69, 159, "keyboard gaming work-from-home",
        "A tenkeyless mechanical keyboard with hot-swappable tactile switches and white backlight. Aluminum top plate and detachable USB-C cable."],
      ["Arcwell", "Arcwell Ergonomic Wireless Mouse", 29, 79, "mouse wireless ergonomic",
        "A sculpted ergonomic mouse that reduces wrist strain during long workdays. Quiet clicks, multi-device Bluetooth and a 70-day battery."],
      ["Arcwell", "Arcwell 27-Inch 4K Monitor", 279, 449, "monitor work-from-home",
        "A 27-inch 4K IPS monitor with accurate color and USB-C power delivery for one-cable laptop setups. Height-adjustable stand and thin bezels."],
      ["Arcwell", "Arcwell 7-in-1 USB-C Hub", 29, 59, "usb-c adapter travel",
        "Expand a single USB-C port into HDMI 4K, SD card slots, USB-A ports and 100 W pass-through charging. Aluminum shell that stays cool."],
      ["Arcwell", "Arcwell Aluminum Laptop Stand", 29, 55, "laptop ergonomic work-from-home",
        "Raise your laptop to eye level for better posture. Adjustable height, open design for airflow and folds flat for travel."],
      ["Lumio", "Lumio Smart Plug (4-Pack)", 24, 45, "smart-home wifi",
        "Control lamps and small appliances from your phone or by voice. Set schedules and timers, with no hub required."],
      ["Lumio", "Lumio Indoor Security Camera", 35, 79, "smart-home camera security",
        "A 2K indoor camera with night vision, two-way audio and person detection alerts. Privacy mode turns off the camera and mic when you are home."],
      ["Lumio", "Lumio Smart Display 8", 79, 149, "smart-home display voice",
        "An 8-inch smart display for video calls, recipes, photo frames and smart home control. Built-in camera shutter and rich stereo sound."],
    ],
  },
  {
    category: "Apparel",
    code: "APP",
    tag: "clothing",
    lines: [
      ["Nike", "Nike Breeze Running T-Shirt", 25, 45, "running shirt moisture-wicking",
        "A lightweight running tee made from sweat-wicking recycled polyester. Flatlock seams prevent chafing and reflective hits add visibility."],
      ["Nike", "Nike Stride Running Shorts", 30, 55, "running shorts lightweight",
        "Breathable running shorts with a built-in brief and a zip pocket for keys or gels. Quick-drying fabric for hot-weather miles."],
      ["Nike", "Nike Thermal Running Half-Zip", 55, 90, "running winter layer",
        "A brushed thermal half-zip that traps warmth on cold morning runs. Thumbholes and a zip chest pocket keep you comfortable and organized."],
      ["Adidas", "Adidas Core Track Jacket", 60, 100, "jacket athleisure classic",
        "A classic track jacket with iconic stripes and a soft tricot finish. Full zip, ribbed cuffs and side pockets for everyday wear."],
      ["Adidas", "Adidas Training Joggers", 45, 80, "joggers training athleisure",
        "Tapered training joggers in a stretchy cotton blend. Zip ankle pockets and an elastic waist with drawcord for the gym or the couch."],
      ["Fernway", "Fernway Organic Cotton Crew Tee", 18, 30, "shirt basics organic",
        "An everyday crew-neck tee in soft, organic combed cotton. Pre-shrunk, durable and made for layering."],
      ["Fernway", "Fernway Merino Wool Sweater", 79, 139, "sweater wool winter",
        "A fine-gauge merino sweater that is warm, breathable and naturally odor resistant. Dress it up for work or down on weekends."],
      ["Fernway", "Fernway Slim Fit Chino Pants", 49, 79, "pants work classic",
        "Slim-fit chinos in a stretch cotton twill that moves with you. Wrinkle resistant for a crisp look from office to dinner."],
      ["Fernway", "Fernway Everyday Hoodie", 45, 75, "hoodie casual cozy",
        "A midweight fleece hoodie with a lined hood and kangaroo pocket. Brushed interior for warmth and a relaxed fit."],
      ["Alder Knit", "Alder Knit Chunky Cardigan", 69, 119, "sweater cozy winter",
        "An oversized chunky-knit cardigan with horn-style buttons and deep pockets. The coziest layer for cool evenings."],
      ["Alder Knit", "Alder Knit Cable Knit Beanie", 22, 38, "hat winter cozy",
        "A classic cable-knit beanie with a soft fleece lining for extra warmth. One size fits most and it folds into a pocket."],
      ["Alder Knit", "Alder Knit Wool Blend Socks (3-Pack)", 18, 30, "socks wool cozy",
        "Cushioned wool blend socks that keep feet warm and dry. Reinforced heel and toe for long wear, great with boots."],
      ["Coastline", "Coastline Packable Rain Jacket", 79, 149, "jacket waterproof travel",
        "A waterproof, breathable rain jacket that packs into its own pocket. Adjustable hood, sealed seams and pit zips for ventilation."],
      ["Coastline", "Coastline Classic Denim Jacket", 69, 119, "jacket denim classic",
        "A rigid denim jacket that breaks in beautifully over time. Button front, chest pockets and a timeless trucker fit."],
      ["Coastline", "Coastline Linen Button-Down Shirt", 45, 75, "shirt linen summer",
        "A breezy linen shirt that keeps you cool on hot days and vacations. Relaxed fit with a soft washed finish."],
      ["Coastline", "Coastline Flannel Shirt", 39, 65, "shirt flannel casual",
        "A soft brushed-cotton flannel in a classic plaid. Wear it buttoned up or open over a tee."],
      ["Northpeak", "Northpeak Insulated Puffer Jacket", 149, 249, "jacket winter insulated",
        "A warm, lightweight puffer with recycled synthetic insulation that stays warm even when damp. Water-repellent shell and stuff sack included."],
      ["Northpeak", "Northpeak Fleece Quarter-Zip", 49, 89, "fleece layer outdoor",
        "A cozy microfleece quarter-zip for hikes and chilly mornings. Breathable, quick-drying and easy to layer under a shell."],
      ["Kestrel", "Kestrel Compression Running Tights", 45, 85, "running tights compression",
        "Supportive compression tights that reduce muscle vibration on long runs. Wide waistband, phone pocket and reflective details."],
      ["Kestrel", "Kestrel Seamless Sports Bra", 29, 59, "sports-bra training women",
        "A seamless medium-support sports bra for gym sessions, yoga and runs. Removable pads and a soft, sweat-wicking knit."],
    ],
  },
  {
    category: "Home & Kitchen",
    code: "HOM",
    tag: "home",
    lines: [
      ["Brewhaus", "Brewhaus Pour-Over Coffee Maker", 29, 55, "coffee kitchen",
        "A borosilicate glass pour-over brewer with a reusable stainless filter. Brews a clean, bright cup and looks great on the counter."],
      ["Brewhaus", "Brewhaus Burr Coffee Grinder", 69, 149, "coffee kitchen",
        "A conical burr grinder with 30 grind settings from espresso to French press. Consistent grounds, low noise and an easy-clean chute."],
      ["Brewhaus", "Brewhaus Barista Espresso Machine", 299, 499, "coffee espresso kitchen",
        "A semi-automatic espresso machine with a 15-bar pump and steam wand for lattes and cappuccinos. Heats up in 30 seconds."],
      ["Brewhaus", "Brewhaus Electric Gooseneck Kettle", 49, 89, "tea coffee kitchen gift",
        "A precision gooseneck kettle with variable temperature control for pour-over coffee and tea. Keeps water warm for 60 minutes."],
      ["Copperleaf", "Copperleaf 10-Inch Cast Iron Skillet", 29, 55, "cookware cast-iron kitchen",
        "A pre-seasoned cast iron skillet that goes from stovetop to oven to campfire. Superior heat retention for perfect sears."],
      ["Copperleaf", "Copperleaf Nonstick Cookware Set (10-Piece)", 129, 249, "cookware nonstick kitchen",
        "A 10-piece ceramic nonstick set with frying pans, saucepans and a stockpot. PFAS-free coating, induction compatible and oven safe to 450 F."],
      ["Copperleaf", "Copperleaf 8-Inch Chef's Knife", 49, 129, "knife kitchen gift",
        "A forged high-carbon stainless chef's knife with a razor-sharp edge. Balanced pakkawood handle for comfortable chopping and slicing."],
      ["Copperleaf", "Copperleaf Bamboo Cutting Board Set", 24, 45, "kitchen bamboo",
        "Three sustainable bamboo cutting boards with juice grooves. Gentle on knife edges and easy to clean."],
      ["Kitchwell", "Kitchwell 6-Quart Air Fryer", 79, 149, "air-fryer kitchen appliance",
        "A 6-quart air fryer that crisps food with little or no oil. Eight presets, a dishwasher-safe basket and a viewing window."],
      ["Kitchwell", "Kitchwell High-Speed Blender", 89, 199, "blender kitchen smoothies",
        "A 1400 W blender that crushes ice and blends silky smoothies, soups and nut butters. Includes a tamper and a self-cleaning program."],
      ["Kitchwell", "Kitchwell Tilt-Head Stand Mixer", 229, 399, "mixer baking kitchen",
        "A 5-quart stand mixer with 10 speeds for doughs, batters and meringues. Comes with a dough hook, flat beater and wire whisk."],
      ["Kitchwell", "Kitchwell 8-in-1 Pressure Cooker", 79, 139, "pressure-cooker kitchen appliance",
        "Pressure cook, slow cook, saute, steam and make yogurt in one pot. Cooks weeknight dinners up to 70% faster."],
      ["Hearthside", "Hearthside Soy Wax Scented Candle", 18, 38, "candle home-decor gift",
        "A hand-poured soy wax candle with cedar, amber and vanilla notes. Cotton wick and a 50-hour burn time in a reusable glass jar."],
      ["Hearthside", "Hearthside Chunky Knit Throw Blanket", 59, 109, "blanket cozy home-decor gift",
        "A chunky knit throw that adds texture and warmth to any sofa. Soft, breathable and surprisingly lightweight."],
      ["Hearthside", "Hearthside Linen Duvet Cover Set", 99, 189, "bedding linen",
        "A stonewashed linen duvet cover with two pillow shams. Breathable, temperature regulating and softer with every wash."],
      ["Hearthside", "Hearthside Memory Foam Pillow", 39, 79, "bedding pillow sleep",
        "An adjustable shredded memory foam pillow that you can customize for back, side or stomach sleeping. Cooling washable cover."],
      ["Nordhem", "Nordhem Glass Food Storage Set", 29, 59, "kitchen storage",
        "Ten oven-safe glass containers with leakproof snap lids for meal prep and leftovers. Microwave, freezer and dishwasher safe."],
      ["Nordhem", "Nordhem Stoneware Dinnerware Set (12-Piece)", 69, 139, "dinnerware kitchen",
        "A 12-piece reactive-glaze stoneware set with dinner plates, salad plates and bowls. Chip resistant and dishwasher safe."],
      ["Nordhem", "Nordhem Stoneware Mug Set", 24, 45, "mugs coffee gift",
        "Four handcrafted stoneware mugs with a speckled glaze, each holding 14 oz. Perfect for coffee, tea and cocoa."],
      ["Nordhem", "Nordhem Cordless Stick Vacuum", 149, 329, "vacuum cleaning",
        "A lightweight cordless vacuum with 45 minutes of runtime and strong suction on carpets and hard floors. Converts to a handheld for stairs and cars."],
    ],
  },
  {
    category: "Outdoor",
    code: "OUT",
    tag: "outdoor",
    lines: [
      ["Northpeak", "Northpeak 2-Person Backpacking Tent", 179, 349, "camping tent backpacking",
        "A freestanding 2-person tent that weighs under 4 lb. Two doors, two vestibules and a waterproof rainfly for three-season adventures."],
      ["Northpeak", "Northpeak 20-Degree Down Sleeping Bag", 149, 279, "camping sleeping-bag backpacking",
        "A packable mummy bag filled with responsibly sourced down, rated to 20 F. Draft collar and a water-resistant shell for cold nights."],
      ["Northpeak", "Northpeak Self-Inflating Sleeping Pad", 59, 119, "camping sleeping-pad",
        "A self-inflating foam pad that adds comfort and insulation to any campsite. R-value 4.5 and rolls up compactly."],
      ["Trailwise", "Trailwise 45L Hiking Backpack", 119, 199, "hiking backpack backpacking",
        "A 45-liter backpack for overnight and weekend trips. Adjustable torso, ventilated back panel and an integrated rain cover."],
      ["Trailwise", "Trailwise 22L Daypack", 49, 89, "hiking backpack daypack",
        "A lightweight daypack with a hydration sleeve, hip-belt pockets and breathable shoulder straps. Sized for day hikes and commutes."],
      ["Trailwise", "Trailwise Carbon Trekking Poles", 69, 129, "hiking poles lightweight",
        "Ultralight carbon fiber trekking poles with cork grips and quick-lock adjustment. Reduce knee strain on steep descents."],
      ["Trailwise", "Trailwise Hydration Running Vest", 59, 99, "hiking running hydration",
        "A snug-fitting hydration vest with two soft flasks for trail runs and fast hikes. Stretch pockets keep gels and a phone within reach."],
      ["Ridgeway", "Ridgeway 32oz Insulated Water Bottle", 24, 45, "bottle hydration insulated",
        "A double-wall vacuum insulated bottle that keeps drinks cold for 24 hours and hot for 12. Leakproof lid and powder-coated grip."],
      ["Ridgeway", "Ridgeway Compact Camp Stove", 39, 79, "camping cooking backpacking",
        "A tiny canister stove that boils a liter of water in about 3 minutes. Folds into its own case and weighs just 3 oz."],
      ["Ridgeway", "Ridgeway Rechargeable Headlamp", 24, 49, "camping headlamp running",
        "A 400-lumen rechargeable headlamp with red night mode and motion-sensor control. Ideal for camping, night runs and power outages."],
      ["Ridgeway", "Ridgeway Folding Camp Chair", 39, 79, "camping chair",
        "A sturdy folding chair with a cup holder and side pocket. Sets up in seconds for campsites, tailgates and kids' games."],
      ["Ridgeway", "Ridgeway 45-Quart Hard Cooler", 179, 299, "camping cooler",
        "A rotomolded cooler that keeps ice for up to 5 days. Bear resistant, with non-slip feet and a built-in bottle opener."],
      ["Ridgeway", "Ridgeway 10x42 Binoculars", 99, 229, "birding binoculars hiking",
        "Waterproof, fog-proof 10x42 binoculars with fully multi-coated lenses for bright, sharp views. Great for birding, hiking and sports."],
      ["Driftline", "Driftline Inflatable Kayak", 299, 549, "kayak paddling water",
        "A stable inflatable kayak for lakes and calm rivers that fits in a car trunk. Includes paddle, pump and a carry bag."],
      ["Driftline", "Driftline Waterproof Dry Bag", 19, 39, "dry-bag waterproof paddling",
        "A roll-top dry bag that keeps gear dry on kayaks, boats and beaches. Tough welded seams and a removable shoulder strap."],
      ["Driftline", "Driftline Camping Hammock with Straps", 29, 59, "camping hammock",
        "A breathable parachute-nylon hammock that holds up to 400 lb. Tree-friendly straps let you set up in under two minutes."],
    ],
  },
  {
    category: "Fitness",
    code: "FIT",
    tag: "fitness",
    lines: [
      ["Corefit", "Corefit Adjustable Dumbbell Set", 249, 399, "weights strength home-gym",
        "A pair of adjustable dumbbells that replace 15 sets, from 5 to 52.5 lb each. A quick-turn dial changes the weight in seconds."],
      ["Corefit", "Corefit Cast Iron Kettlebell 16kg", 39, 79, "weights strength kettlebell",
        "A single-piece cast iron kettlebell with a wide, smooth handle for swings, cleans and goblet squats. Powder-coated for a secure grip."],
      ["Corefit", "Corefit High-Density Foam Roller", 19, 45, "recovery mobility",
        "A firm textured foam roller that loosens tight muscles after runs and workouts. Lightweight and durable."],
      ["Corefit", "Corefit Folding Treadmill", 549, 999, "treadmill cardio running home-gym",
        "A space-saving folding treadmill with speeds up to 10 mph and 12 incline levels. Bluetooth app connectivity and a cushioned deck."],
      ["Corefit", "Corefit Magnetic Exercise Bike", 299, 649, "bike cardio home-gym",
        "A quiet magnetic-resistance indoor bike with 32 levels and a tablet holder. Adjustable seat and handlebars for riders of all heights."],
      ["Corefit", "Corefit Adjustable Weight Bench", 129, 249, "bench strength home-gym",
        "A sturdy adjustable bench with seven back positions, from decline to military press. Holds up to 800 lb."],
      ["Flexa", "Flexa Non-Slip Yoga Mat", 29, 89, "yoga mat pilates gift",
        "A 6 mm natural rubber yoga mat with a grippy, sweat-resistant surface. Alignment lines and a carry strap included."],
      ["Flexa", "Flexa Cork Yoga Block Set", 18, 35, "yoga blocks",
        "Two sustainable cork blocks that support deeper stretches and balance poses. Firm, non-slip and naturally antimicrobial."],
      ["Flexa", "Flexa Resistance Band Set", 19, 39, "bands strength travel",
        "Five latex-free resistance bands from light to extra heavy, with handles, ankle straps and a door anchor. A full gym in a travel pouch."],
      ["Flexa", "Flexa Percussion Massage Gun", 89, 199, "recovery massage gift",
        "A quiet percussion massager with five attachments and six speeds to relieve sore muscles. Long-lasting battery and a hard travel case."],
      ["Flexa", "Flexa Pilates Ring", 19, 35, "pilates toning",
        "A flexible pilates ring with padded handles for toning the inner thighs, arms and core. Lightweight and easy to store."],
      ["Kettleworks", "Kettleworks Speed Jump Rope", 12, 29, "cardio jump-rope",
        "A fast, adjustable steel-cable jump rope with ball-bearing handles. Ideal for double-unders, HIIT and warmups."],
      ["Kettleworks", "Kettleworks Doorway Pull-Up Bar", 29, 59, "strength pull-up home-gym",
        "A no-screw pull-up bar that fits most doorways. Multiple grip positions for pull-ups, chin-ups and hanging leg raises."],
      ["Kettleworks", "Kettleworks 20lb Weighted Vest", 59, 119, "strength running weights",
        "An adjustable weighted vest for walking, rucking and bodyweight training. Even weight distribution and breathable padding."],
      ["Kettleworks", "Kettleworks Ab Roller Wheel", 15, 35, "core strength",
        "A wide, stable ab wheel with a thick knee pad for core workouts at home. Non-slip handles and smooth rolling."],
      ["Kestrel", "Kestrel Heart Rate Monitor Chest Strap", 49, 99, "running heart-rate cycling",
        "An accurate chest-strap heart rate monitor for running, cycling and gym training. Pairs over Bluetooth and ANT+ with watches and apps."],
    ],
  },
  {
    category: "Beauty",
    code: "BEA",
    tag: "beauty",
    lines: [
      ["Skinwise", "Skinwise Hydrating Hyaluronic Serum", 18, 42, "skincare serum hydrating",
        "A lightweight serum with three weights of hyaluronic acid for plump, dewy skin. Fragrance free and suitable for sensitive skin."],
      ["Skinwise", "Skinwise Daily Mineral Sunscreen SPF 50", 14, 32, "skincare sunscreen spf",
        "A sheer mineral sunscreen with broad-spectrum SPF 50 that wears well under makeup. Water resistant for 80 minutes."],
      ["Skinwise", "Skinwise Gentle Foaming Cleanser", 12, 26, "skincare cleanser",
        "A pH-balanced foaming cleanser that removes makeup and sunscreen without stripping. With ceramides and niacinamide."],
      ["Skinwise", "Skinwise Retinol Night Cream", 29, 65, "skincare retinol anti-aging",
        "An encapsulated retinol night cream that smooths fine lines while you sleep. Buffered with squalane to minimize irritation."],
      ["Lumen Botanics", "Lumen Botanics Vitamin C Brightening Serum", 24, 58, "skincare serum vitamin-c",
        "A stabilized 15% vitamin C serum that brightens dull skin and evens tone. Vegan, cruelty-free and packaged in an airless pump."],
      ["Lumen Botanics", "Lumen Botanics Rosehip Face Oil", 22, 48, "skincare oil natural",
        "Cold-pressed organic rosehip oil to nourish dry skin and fade dark spots. A few drops at night is all you need."],
      ["Lumen Botanics", "Lumen Botanics Lavender Bath Soak", 16, 30, "bath relaxation gift",
        "Epsom and Dead Sea salts with real lavender oil for a calming soak after long days. Soothes tired muscles."],
      ["Veloura", "Veloura Ionic Hair Dryer", 69, 179, "haircare dryer",
        "A fast-drying ionic hair dryer with three heat settings and a cool shot. Reduces frizz and includes a concentrator and diffuser."],
      ["Veloura", "Veloura Ceramic Flat Iron", 39, 119, "haircare styling",
        "A 1-inch ceramic flat iron that heats to 450 F in 30 seconds. Floating plates glide smoothly for sleek or curled styles."],
      ["Veloura", "Veloura Matte Liquid Lipstick", 14, 26, "makeup lipstick",
        "A long-wear liquid lipstick with a comfortable, non-drying matte finish. Transfer resistant for up to 12 hours."],
      ["Veloura", "Veloura Volumizing Mascara", 12, 26, "makeup mascara",
        "A buildable mascara that lifts and volumizes without clumping. Smudge-proof and easy to remove with warm water."],
      ["Veloura", "Veloura Neutral Eyeshadow Palette", 24, 54, "makeup eyeshadow gift",
        "Twelve blendable neutral shades in matte, shimmer and metallic finishes. Perfect for everyday looks and evening glam."],
      ["Maison Rue", "Maison Rue Eau de Parfum 50ml", 69, 129, "fragrance perfume gift",
        "A warm floral fragrance with notes of jasmine, pear and sandalwood. Long-lasting and elegantly bottled."],
      ["Maison Rue", "Maison Rue Skincare Discovery Gift Set", 39, 89, "skincare gift set",
        "A curated set of cleanser, serum, moisturizer and eye cream in travel sizes. Beautifully boxed and ready to give."],
    ],
  },
  {
    category: "Accessories",
    code: "ACC",
    tag: "accessories",
    lines: [
      ["Atlas Leather", "Atlas Leather Slim Bifold Wallet", 29, 79, "wallet leather gift",
        "A slim full-grain leather bifold with six card slots and RFID blocking. Develops a rich patina with age."],
      ["Atlas Leather", "Atlas Leather Crossbody Bag", 79, 179, "bag leather",
        "A compact crossbody bag in pebbled leather with an adjustable strap. Fits a phone, wallet and keys with room to spare."],
      ["Atlas Leather", "Atlas Leather Classic Dress Belt", 29, 69, "belt leather",
        "A classic full-grain leather belt with a brushed nickel buckle. Dresses up suits and chinos alike."],
      ["Atlas Leather", "Atlas Leather Weekender Duffel", 149, 299, "bag leather travel",
        "A roomy weekender duffel in waxed canvas and leather, sized for carry-on. Separate shoe compartment and padded shoulder strap."],
      ["Solace", "Solace Polarized Sunglasses", 49, 149, "sunglasses polarized summer",
        "Polarized sunglasses with 100% UV protection and lightweight acetate frames. Cut glare on the road, the water or the slopes."],
      ["Solace", "Solace Blue Light Glasses", 25, 59, "glasses work-from-home",
        "Stylish non-prescription glasses that filter blue light from screens. Anti-glare coating and flexible hinges."],
      ["Meridian", "Meridian Minimalist Analog Watch", 89, 219, "watch classic gift",
        "A minimalist analog watch with a sapphire crystal and interchangeable leather strap. Water resistant to 50 m."],
      ["Meridian", "Meridian Chronograph Watch", 179, 349, "watch chronograph",
        "A stainless steel chronograph with a tachymeter bezel and luminous hands. Reliable quartz movement and a 100 m water rating."],
      ["Meridian", "Meridian Sterling Silver Pendant Necklace", 39, 119, "jewelry necklace gift",
        "A delicate sterling silver pendant on an adjustable 18-inch chain. Hypoallergenic and arrives in a gift box."],
      ["Alder Knit", "Alder Knit Cashmere Scarf", 69, 129, "scarf cashmere winter gift",
        "A pure cashmere scarf that is impossibly soft and warm. Generously sized with finely finished edges."],
      ["Urbanline", "Urbanline Everyday Laptop Backpack", 59, 119, "backpack laptop travel",
        "A water-resistant backpack with a padded sleeve for laptops up to 16 inches. Luggage pass-through and a hidden anti-theft pocket."],
      ["Urbanline", "Urbanline Canvas Tote Bag", 24, 49, "bag tote everyday",
        "A heavyweight canvas tote with an interior zip pocket and reinforced handles. Carries groceries, books or a laptop."],
      ["Urbanline", "Urbanline Compact Travel Umbrella", 19, 39, "umbrella travel",
        "A windproof compact umbrella with auto open and close. Weighs under a pound and fits in any bag."],
      ["Voltix", "Voltix Rugged Phone Case", 19, 45, "phone-case protective",
        "A slim, rugged phone case with raised edges and air-cushioned corners for 12-foot drop protection. Works with wireless charging."],
    ],
  },
  {
    category: "Toys & Games",
    code: "TOY",
    tag: "toys",
    lines: [
      ["Brightblock", "Brightblock Creator Building Set (500 Pieces)", 29, 59, "building kids creative gift",
        "Five hundred colorful bricks with idea booklets for building houses, vehicles and creatures. Compatible with major brick brands."],
      ["Brightblock", "Brightblock Space Station Building Kit", 69, 129, "building kids space",
        "A detailed space station kit with a docking shuttle, astronaut minifigures and a rotating solar array. For ages 9 and up."],
      ["Brightblock", "Brightblock STEM Robotics Kit", 59, 129, "stem robotics coding kids",
        "Build and code five different robots with an app-based block editor. Teaches sensors, motors and logic for ages 8 and up."],
      ["Puzzleworks", "Puzzleworks Alpine Village 1000-Piece Jigsaw Puzzle", 16, 29, "puzzle family gift",
        "A 1000-piece jigsaw puzzle of a snowy alpine village. Thick, precision-cut pieces with a reference poster included."],
      ["Puzzleworks", "Puzzleworks Harbor Lords Strategy Board Game", 35, 59, "board-game strategy family gift",
        "A strategy board game of trade and tactics for 2 to 5 players. Build fleets, strike bargains and control the harbor in 60-minute games."],
      ["Puzzleworks", "Puzzleworks Snap Party Card Game", 14, 25, "card-game party",
        "A fast, loud party card game for 3 to 10 players. Learn in two minutes, play in ten."],
      ["Puzzleworks", "Puzzleworks Family Trivia Game", 19, 35, "trivia family",
        "A trivia game with 1,200 questions in kid and adult levels so everyone can play together. Great for game nights."],
      ["Tinker Town", "Tinker Town Wooden Train Set", 39, 89, "wooden kids train",
        "An 80-piece wooden train set with bridges, tunnels and magnetic cars. Compatible with most wooden railway systems."],
      ["Tinker Town", "Tinker Town Cuddly Plush Bear", 15, 35, "plush kids gift",
        "A huggable, super-soft plush bear with embroidered eyes that is safe for all ages. Surface washable."],
      ["Tinker Town", "Tinker Town Off-Road Remote Control Car", 35, 79, "rc kids outdoor",
        "A rugged 4WD remote control car that climbs over grass, gravel and dirt at up to 20 mph. Two rechargeable batteries included."],
    ],
  },
  {
    category: "Books",
    code: "BOK",
    tag: "books",
    lines: [
      ["Lantern House", "The Quiet Mile: A Runner's Memoir (Hardcover)", 18, 30, "memoir running",
        "A moving memoir about running a first ultramarathon after loss. Funny, honest and full of practical wisdom for new runners."],
      ["Lantern House", "The Lighthouse Keeper's Daughter (Paperback)", 12, 18, "fiction novel",
        "A sweeping historical novel about a family secret kept on a remote island for fifty years. A book-club favorite."],
      ["Lantern House", "Midnight in Marrakesh (Hardcover)", 22, 30, "fiction thriller",
        "A fast-paced thriller that follows an art investigator through the souks of Marrakesh. Twisty, atmospheric and hard to put down."],
      ["Lantern House", "The Art of Negotiation (Paperback)", 14, 22, "business nonfiction gift",
        "A practical guide to negotiating salaries, deals and everyday disagreements. Full of real scripts and tactics that work."],
      ["Fieldnote Press", "The Everyday Sourdough Cookbook", 22, 38, "cookbook baking gift",
        "Over 80 recipes for sourdough bread, pancakes, pizza and more, with step-by-step photos. Demystifies the starter for beginners."],
      ["Fieldnote Press", "Trail Guide to the Pacific Crest", 19, 29, "travel hiking guide",
        "A section-by-section guide to the Pacific Crest Trail with maps, water sources and resupply tips. Durable, rain-resistant cover."],
      ["Fieldnote Press", "Strength Training Fundamentals", 19, 34, "fitness nonfiction",
        "A clear, illustrated guide to lifting with good form, programming and recovery. Includes 12-week plans for beginners and intermediates."],
      ["Harbor Kids", "Goodnight, Little Fox (Board Book)", 8, 14, "kids bedtime gift",
        "A gentle rhyming bedtime story about a little fox saying goodnight to the forest. Sturdy pages for little hands."],
    ],
  },
];

export const SEED_CATEGORIES: readonly string[] = BLOCKS.map((b) => b.category);

// Picked among a few candidates because it leaves the demo running shoes well rated; any value works.
const SEED = 0x6a661e;
const SALE_COUNT = 60;
const OUT_OF_STOCK_COUNT = 8;
const LOW_STOCK_COUNT = 6;

function shuffled(n: number, rand: () => number): number[] {
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** A list price in the range with the usual retail endings: mostly .99, some .95, some whole dollars. */
function listPrice(min: number, max: number, rand: () => number): number {
  const dollars = min + Math.floor(rand() * (max - min + 1));
  const ending = rand();
  if (ending < 0.15) return dollars * 100;
  if (ending < 0.3) return dollars * 100 - 5;
  return dollars * 100 - 1;
}

/**
 * A sale price 10-40% off, snapped down to a .99/.95 ending. Snapping can push the discount past
 * the advertised band on cheap items, so retry with fresh draws and fall back to 20% off.
 */
function salePrice(list: number, rand: () => number): number {
  for (let attempt = 0; attempt < 8; attempt++) {
    const raw = list * (1 - (0.1 + rand() * 0.3));
    const price = Math.floor(raw / 100) * 100 - (rand() < 0.8 ? 1 : 5);
    const discount = 1 - price / list;
    if (price > 0 && discount >= 0.05 && discount <= 0.45) return price;
  }
  return Math.floor((list * 0.8) / 100) * 100 - 1;
}

function brandCode(brand: string): string {
  return brand
    .replace(/[^a-z]/gi, "")
    .slice(0, 3)
    .toUpperCase();
}

export function buildCatalogue(): SeedProduct[] {
  const rand = mulberry32(SEED);
  const lines = BLOCKS.flatMap((block) => block.lines.map((line) => ({ block, line })));

  // Separate stream for the picks so tweaking one product's numbers does not reshuffle the sale list.
  const pickRand = mulberry32(SEED ^ 0x5a1e);
  const onSale = new Set(shuffled(lines.length, pickRand).slice(0, SALE_COUNT));
  const stockOrder = shuffled(lines.length, pickRand);
  const outOfStock = new Set(stockOrder.slice(0, OUT_OF_STOCK_COUNT));
  const lowStock = new Set(stockOrder.slice(OUT_OF_STOCK_COUNT, OUT_OF_STOCK_COUNT + LOW_STOCK_COUNT));

  return lines.map(({ block, line }, index) => {
    const [brand, name, min, max, tags, description] = line;
    const listPriceCents = listPrice(min, max, rand);
    const priceCents = onSale.has(index) ? salePrice(listPriceCents, rand) : listPriceCents;

    // Most products sit between 3.6 and 4.9, skewed high like real shop ratings; a few are weaker.
    const rating = rand() < 0.07 ? round(3 + rand() * 0.5, 1) : round(3.6 + Math.sqrt(rand()) * 1.3, 1);
    // A handful of fresh listings with no reviews yet; the rest long-tailed like real shops.
    const reviewCount = rand() < 0.04 ? 0 : 8 + Math.floor(rand() ** 2.6 * 4992);

    let stockLevel = 6 + Math.floor(rand() ** 1.5 * 245);
    if (lowStock.has(index)) stockLevel = 1 + Math.floor(rand() * 5);
    if (outOfStock.has(index)) stockLevel = 0;

    let demand =
      0.35 * (Math.log10(reviewCount + 1) / Math.log10(5001)) + 0.35 * ((rating - 3) / 2) + 0.3 * rand();
    // A sold-out product is one people wanted, so keep it hot for the negotiation logic.
    if (stockLevel === 0) demand = Math.max(demand, 0.7 + 0.25 * rand());
    const demandIndex = round(Math.min(1, Math.max(0, demand)), 2);

    const tagSet = new Set([...tags.split(" "), block.tag]);
    if (priceCents < listPriceCents) tagSet.add("sale");
    if (reviewCount < 10) tagSet.add("new");

    return {
      sku: `${block.code}-${brandCode(brand)}-${String(index + 1).padStart(4, "0")}`,
      name,
      description,
      brand,
      category: block.category,
      priceCents,
      listPriceCents,
      rating,
      reviewCount,
      stockLevel,
      demandIndex,
      tags: [...tagSet],
    };
  });
}
