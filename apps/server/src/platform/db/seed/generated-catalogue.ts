import { type SQL, sql } from "drizzle-orm";

/**
 * A large made-up catalogue for plans and benches at scale, generated inside the database with
 * generate_series (100,000 products in seconds, no round trip per row). Deterministic: product
 * n is the same on every run and database (integer hashing of n, no random()). Names read like
 * a shop's ("Norvik Pro Wireless Headphones, Slate"): 60 brands, 12 categories of 6 kinds each,
 * editions, colours, tags and a two-sentence description.
 */

const BRANDS = [
  "Norvik",
  "Aldenmoor",
  "Brightwell",
  "Corvale",
  "Duskline",
  "Everpeak",
  "Fjordson",
  "Glenhaven",
  "Harrowgate",
  "Ironleaf",
  "Juniper & Co",
  "Kestrel",
  "Larkspur",
  "Mosswood",
  "Northfield",
  "Oakhurst",
  "Pinecrest",
  "Quillon",
  "Redcliffe",
  "Stonebridge",
  "Thistle",
  "Umberfield",
  "Valecrest",
  "Westmarch",
  "Yarrow",
  "Zephyrine",
  "Ashgrove",
  "Bramblecote",
  "Cinderhall",
  "Driftwood",
  "Elmstead",
  "Foxhollow",
  "Greywater",
  "Hollowmere",
  "Ivybrook",
  "Kingsley",
  "Lumen",
  "Marlowe",
  "Nettlebed",
  "Orchardine",
  "Pebblestone",
  "Riverton",
  "Saltmarsh",
  "Tidewell",
  "Wrenfield",
  "Amberly",
  "Blackthorn",
  "Copperline",
  "Dovecote",
  "Emberton",
  "Fernside",
  "Goldcrest",
  "Heathrow Goods",
  "Inkwell",
  "Jasperine",
  "Kinfolk",
  "Loamwick",
  "Meadowvale",
  "Nimbus",
  "Overton",
];

/** Each category with its six kinds of product and a tag. */
const CATEGORIES: [string, string, string[]][] = [
  [
    "Audio",
    "audio",
    ["Wireless Headphones", "Earbuds", "Bluetooth Speaker", "Soundbar", "Turntable", "Studio Monitor"],
  ],
  [
    "Computers",
    "computing",
    ["Laptop", "Mechanical Keyboard", "Wireless Mouse", "Monitor", "USB-C Dock", "Webcam"],
  ],
  [
    "Phones",
    "mobile",
    ["Smartphone", "Phone Case", "Charging Pad", "Power Bank", "Screen Protector", "Car Mount"],
  ],
  [
    "Kitchen",
    "kitchen",
    ["Coffee Grinder", "Espresso Machine", "Chef Knife", "Cast Iron Skillet", "Blender", "Kettle"],
  ],
  [
    "Home",
    "home",
    ["Table Lamp", "Throw Blanket", "Scented Candle", "Wall Clock", "Storage Basket", "Doormat"],
  ],
  [
    "Fitness",
    "fitness",
    ["Yoga Mat", "Dumbbell Set", "Resistance Bands", "Foam Roller", "Jump Rope", "Kettlebell"],
  ],
  [
    "Outdoor",
    "outdoor",
    ["Hiking Backpack", "Tent", "Sleeping Bag", "Camping Stove", "Headlamp", "Water Filter"],
  ],
  [
    "Footwear",
    "shoes",
    ["Running Shoes", "Trail Runners", "Leather Boots", "Sneakers", "Sandals", "Slippers"],
  ],
  ["Apparel", "clothing", ["Rain Jacket", "Wool Sweater", "Hoodie", "Chino Trousers", "T-Shirt", "Beanie"]],
  [
    "Beauty",
    "beauty",
    ["Face Serum", "Moisturiser", "Hair Dryer", "Electric Toothbrush", "Shaving Kit", "Sunscreen"],
  ],
  ["Toys", "toys", ["Building Blocks", "Puzzle", "Board Game", "Plush Bear", "Remote Car", "Kite"]],
  [
    "Office",
    "office",
    ["Desk Chair", "Notebook", "Fountain Pen", "Desk Organizer", "Standing Desk", "Paper Shredder"],
  ],
];

const EDITIONS = [
  "Pro",
  "Lite",
  "Plus",
  "Max",
  "Mini",
  "Classic",
  "Sport",
  "Travel",
  "Eco",
  "Prime",
  "Studio",
  "Flex",
];
const COLOURS = [
  "Black",
  "White",
  "Slate",
  "Navy",
  "Olive",
  "Sand",
  "Red",
  "Teal",
  "Graphite",
  "Ivory",
  "Rust",
  "Sage",
];
const FEATURES = [
  "Built to last with a two-year warranty.",
  "Light enough to take anywhere.",
  "Designed for everyday comfort.",
  "Made from recycled materials.",
  "Quiet, fast and easy to clean.",
  "A favourite of reviewers this season.",
  "Water resistant for rainy days.",
  "Long battery life and quick charging.",
];

function textArray(values: readonly string[]): SQL {
  return sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`}::text[]`;
}

/** A row of generatedProductsSql, as the database answers it (numeric prices as strings). */
export interface GeneratedProductRow {
  sku: string;
  name: string;
  description: string;
  brand: string;
  category: string;
  price: string;
  list_price: string;
  rating: number;
  review_count: number;
  stock_level: number;
  demand_index: number;
  tags: string[];
}

/**
 * Products `from` .. `from + count - 1` of the generated catalogue as rows (sku, name,
 * description, brand, category, price, list_price, rating, review_count, stock_level,
 * demand_index, tags): a plain SELECT that needs no table, so a bench can also write them to a
 * CSV file and load them through the import.
 */
export function generatedProductsSql(from: number, count: number): SQL {
  const kinds = CATEGORIES.flatMap(([, , k]) => k);
  return sql`
    select 'GEN-' || lpad(n::text, 7, '0') as sku,
      brand || ' ' || edition || ' ' || kind || ', ' || colour as name,
      'The ' || edition || ' ' || lower(kind) || ' from ' || brand || ', in ' || lower(colour) || '. '
        || (${textArray(FEATURES)})[(1 + h2 % ${FEATURES.length})::int] || ' '
        || (${textArray(FEATURES)})[(1 + (h2 / 7) % ${FEATURES.length})::int] as description,
      brand, category,
      round(price, 2) as price, round(price * (1 + (h3 % 4) * 0.15), 2) as list_price,
      (1 + (h3 % 41) / 10.0)::real as rating, (h1 % 4000)::int as review_count,
      (h2 % 60)::int as stock_level, ((h3 % 100) / 100.0)::real as demand_index,
      array[tag, lower(edition)] as tags
    from (
      select n, h1, h2, h3,
        (${textArray(BRANDS)})[(1 + h1 % ${BRANDS.length})::int] as brand,
        (${textArray(CATEGORIES.map(([c]) => c))})[(1 + c)::int] as category,
        (${textArray(CATEGORIES.map(([, t]) => t))})[(1 + c)::int] as tag,
        (${textArray(kinds)})[(1 + c * 6 + h2 % 6)::int] as kind,
        (${textArray(EDITIONS)})[(1 + h3 % ${EDITIONS.length})::int] as edition,
        (${textArray(COLOURS)})[(1 + (h1 / 61) % ${COLOURS.length})::int] as colour,
        (5 + (h2 % 50000) / 100.0)::numeric as price
      from (
        select n, (n * 2654435761) % 4294967291 as h1, (n * 40503 + 7919) % 1000003 as h2,
          (n * 69069 + 12345) % 2147483647 as h3, ((n * 2246822519) % 4294967291) % 12 as c
        from generate_series(${from}::bigint, ${from + count - 1}::bigint) as n
      ) as hashed
    ) as picked`;
}

/**
 * Inserts products `from` .. `from + count - 1` of the generated catalogue (SKUs GEN-0000001
 * and on; existing SKUs are left alone). Run in batches of 10,000-50,000 to keep each
 * statement short.
 */
export function insertGeneratedProductsSql(from: number, count: number): SQL {
  return sql`
    insert into products (sku, name, description, brand, category, price, list_price, rating,
      review_count, stock_level, demand_index, tags)
    ${generatedProductsSql(from, count)}
    on conflict (sku) do nothing`;
}
