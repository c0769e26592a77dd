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

/** The import's batch (IMPORT_BATCH_SIZE in the catalogue module). */
const IMPORT_BATCH = 2_000;

/**
 * Inserts products `from` .. `from + count - 1` of the generated catalogue (SKUs GEN-0000001
 * and on; existing SKUs are left alone). Run in batches of 10,000-50,000 to keep each
 * statement short. Each 2,000 products in number order (the import's batch of a generated CSV
 * file: IMPORT_BATCH_SIZE) are written in product line order (category, brand, name), as the
 * import writes a batch (docs/decisions/0029), so a bench loaded by SQL lays a search's matches
 * out as an import of the same products would.
 */
export function insertGeneratedProductsSql(from: number, count: number): SQL {
  return sql`
    insert into products (sku, name, description, brand, category, price, list_price, rating,
      review_count, stock_level, demand_index, tags)
    select * from (${generatedProductsSql(from, count)}) as generated
    order by (substr(sku, 5)::int - 1) / ${IMPORT_BATCH}, category, brand, name, sku
    on conflict (sku) do nothing`;
}

/** The generated products' sizes, in the order a shop lists them. */
const SIZES = ["XS", "S", "M", "L", "XL", "XXL", "3XL", "4XL", "5XL"];

/**
 * How many variants generated product n has: 1 to 9, 5 on average (500,000 variants for
 * 100,000 products). A product with more than one comes in that many sizes (Size: the first
 * k of SIZES) of its one colour (Colour: the colour of its name), each size $1 dearer than the
 * one before; a product with one keeps its default variant (no options).
 */
const variantCount = (n: SQL) => sql`(1 + ((${n}) * 97 + 13) % 9)`;

/** The generated products `from` .. `to` that get options and have none yet: id, sku, k, colour. */
function productsToVary(from: number, count: number): SQL {
  return sql`(
    select p.id, p.sku, p.price, p.list_price, p.stock_level, g.k::int as k, g.colour
    from (
      select n, ${variantCount(sql`n`)} as k,
        (${textArray(COLOURS)})[(1 + ((n * 2654435761) % 4294967291 / 61) % ${COLOURS.length})::int] as colour
      from generate_series(${from}::bigint, ${from + count - 1}::bigint) as n
    ) as g
    join products p on p.sku = 'GEN-' || lpad(g.n::text, 7, '0')
    where g.k > 1
  )`;
}

/**
 * Gives generated products `from` .. `from + count - 1` their options and variants (see
 * variantCount), in three statements run in this order: the options, the default variant
 * turned into the first size, the other sizes. Each skips what is there already, so a batch can
 * be run again. The triggers roll the variants up into the products (price, stock, option facets).
 */
export function generatedVariantsSql(from: number, count: number): SQL[] {
  const sizes = textArray(SIZES);
  const vary = productsToVary(from, count);
  return [
    sql`insert into product_options (product_id, position, name, values)
      select id, o.position, o.name, case when o.position = 0 then (${sizes})[1:k] else array[colour] end
      from ${vary} as v cross join (values (0, 'Size'), (1, 'Colour')) as o(position, name)
      where not exists (select 1 from product_options x where x.product_id = v.id)
      order by id, o.position`,
    sql`update product_variants d set option_values = array[(${sizes})[1], v.colour],
        sku = v.sku || '-' || (${sizes})[1], updated_at = now()
      from ${vary} as v where d.product_id = v.id and d.option_values = '{}'`,
    sql`insert into product_variants (product_id, sku, option_values, position, price, list_price, stock_level)
      select v.id, v.sku || '-' || (${sizes})[i], array[(${sizes})[i], v.colour], i - 1,
        v.price + (i - 1), v.list_price + (i - 1), (v.stock_level + i * 7) % 40
      from ${vary} as v cross join lateral generate_series(2, v.k) as i
      on conflict do nothing`,
  ];
}
