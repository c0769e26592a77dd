/**
 * Placeholder product artwork drawn on the fly, so the shop needs no image files, no network and no
 * storage. The picture is a pure function of the product: the same SKU always gets the same colours,
 * which keeps browser and CDN caches valid and makes visual tests stable.
 */

/** Where a product's generated picture is served (the image route draws it by SKU). */
export const productImagePath = (sku: string) => `/images/products/${encodeURIComponent(sku)}.svg`;

export interface ProductImageInput {
  sku: string;
  name: string;
  brand: string;
  category: string;
}

interface Palette {
  bgTop: string;
  bgBottom: string;
  glow: string;
  accent: string;
  dark: string;
  light: string;
  ink: string;
}

type Icon = (c: Palette) => string;

const SIZE = 600;
const FONT = "system-ui, sans-serif";

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** FNV-1a: spreads similar SKUs ("...-0001", "...-0002") across the colour wheel. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Hex rather than hsl(), because some SVG rasterisers (thumbnailers, older librsvg) reject hsl(). */
function hsl(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const value = l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function palette(hue: number): Palette {
  return {
    bgTop: hsl(hue, 70, 95),
    bgBottom: hsl((hue + 28) % 360, 62, 83),
    glow: hsl(hue, 80, 98),
    accent: hsl(hue, 55, 50),
    dark: hsl(hue, 45, 28),
    light: hsl(hue, 65, 74),
    ink: hsl(hue, 30, 16),
  };
}

// Icons are drawn in a 240x240 box; the caller centres it on the canvas.
const shoe: Icon = (c) => `
  <path d="M26 174 L26 118 C26 102 36 90 52 86 L80 82 C90 102 110 112 134 116 L162 122 C198 128 222 146 228 166 L230 174 Z" fill="${c.accent}"/>
  <path d="M52 86 L80 82 C82 96 74 106 62 107 C52 107 47 98 52 86 Z" fill="${c.dark}"/>
  <path d="M26 140 C46 140 58 150 60 174 L26 174 Z" fill="${c.dark}" opacity="0.35"/>
  <path d="M178 128 C206 136 224 150 228 166 L230 174 L190 174 C188 156 184 140 178 128 Z" fill="${c.light}" opacity="0.6"/>
  <path d="M70 156 C112 150 150 140 204 150" fill="none" stroke="${c.light}" stroke-width="9" stroke-linecap="round"/>
  <path d="M94 108 L104 96 M112 114 L121 101 M130 118 L138 105" stroke="#ffffff" stroke-width="6" stroke-linecap="round"/>
  <path d="M18 170 L234 170 C236 184 226 196 212 196 L34 196 C24 196 16 186 18 170 Z" fill="#ffffff"/>
  <path d="M26 186 L226 186" stroke="${c.dark}" stroke-width="4" stroke-dasharray="10 8" opacity="0.3"/>`;

const headphones: Icon = (c) => `
  <path d="M46 150 A74 84 0 0 1 194 150" fill="none" stroke="${c.dark}" stroke-width="16" stroke-linecap="round"/>
  <rect x="26" y="126" width="46" height="86" rx="22" fill="${c.accent}"/>
  <rect x="168" y="126" width="46" height="86" rx="22" fill="${c.accent}"/>
  <rect x="64" y="138" width="18" height="62" rx="9" fill="${c.dark}"/>
  <rect x="158" y="138" width="18" height="62" rx="9" fill="${c.dark}"/>
  <circle cx="49" cy="169" r="10" fill="${c.light}"/>
  <circle cx="191" cy="169" r="10" fill="${c.light}"/>`;

const laptop: Icon = (c) => `
  <rect x="40" y="46" width="160" height="116" rx="12" fill="${c.dark}"/>
  <rect x="50" y="56" width="140" height="94" rx="5" fill="${c.light}"/>
  <rect x="62" y="70" width="70" height="12" rx="6" fill="#ffffff"/>
  <rect x="62" y="92" width="116" height="8" rx="4" fill="#ffffff" opacity="0.7"/>
  <rect x="62" y="108" width="96" height="8" rx="4" fill="#ffffff" opacity="0.7"/>
  <circle cx="164" cy="76" r="8" fill="${c.accent}"/>
  <path d="M18 168 L222 168 L208 190 C206 193 203 194 200 194 L40 194 C37 194 34 193 32 190 Z" fill="${c.accent}"/>
  <rect x="100" y="168" width="40" height="7" rx="3" fill="${c.dark}" opacity="0.5"/>`;

const shirt: Icon = (c) => `
  <path d="M82 38 L102 38 C108 56 132 56 138 38 L158 38 L216 74 L194 112 L170 100 L170 204 L70 204 L70 100 L46 112 L24 74 Z" fill="${c.accent}" stroke-linejoin="round"/>
  <path d="M102 38 C108 56 132 56 138 38" fill="none" stroke="${c.dark}" stroke-width="8" stroke-linecap="round"/>
  <path d="M24 74 L46 112 M216 74 L194 112" stroke="${c.dark}" stroke-width="6" opacity="0.35"/>
  <rect x="134" y="96" width="24" height="22" rx="4" fill="${c.light}"/>`;

const mug: Icon = (c) => `
  <path d="M88 70 C78 56 98 48 88 32 M120 70 C110 56 130 48 120 32 M152 70 C142 56 162 48 152 32" fill="none" stroke="${c.dark}" stroke-width="6" stroke-linecap="round" opacity="0.45"/>
  <path d="M168 112 C204 112 204 176 168 176" fill="none" stroke="${c.accent}" stroke-width="16" stroke-linecap="round"/>
  <rect x="54" y="84" width="120" height="120" rx="18" fill="${c.accent}"/>
  <rect x="54" y="116" width="120" height="16" fill="${c.light}"/>
  <rect x="36" y="200" width="156" height="10" rx="5" fill="${c.dark}"/>`;

const mountains: Icon = (c) => `
  <circle cx="178" cy="62" r="24" fill="${c.light}"/>
  <path d="M8 206 L88 78 L128 138 L158 100 L232 206 Z" fill="${c.dark}"/>
  <path d="M88 78 L70 107 L82 100 L94 112 L106 102 Z" fill="#ffffff"/>
  <path d="M158 100 L146 116 L156 112 L166 120 L172 114 Z" fill="#ffffff"/>
  <path d="M66 206 L120 122 L174 206 Z" fill="${c.accent}"/>
  <path d="M120 150 L104 206 L136 206 Z" fill="${c.dark}"/>
  <path d="M120 122 L120 110" stroke="${c.dark}" stroke-width="5" stroke-linecap="round"/>`;

const dumbbell: Icon = (c) => `
  <rect x="58" y="112" width="124" height="16" rx="6" fill="${c.dark}"/>
  <rect x="26" y="70" width="24" height="100" rx="7" fill="${c.accent}"/>
  <rect x="50" y="84" width="16" height="72" rx="5" fill="${c.accent}"/>
  <rect x="190" y="70" width="24" height="100" rx="7" fill="${c.accent}"/>
  <rect x="174" y="84" width="16" height="72" rx="5" fill="${c.accent}"/>
  <rect x="16" y="110" width="12" height="20" rx="4" fill="${c.dark}"/>
  <rect x="212" y="110" width="12" height="20" rx="4" fill="${c.dark}"/>
  <rect x="30" y="78" width="6" height="84" rx="3" fill="${c.light}"/>
  <rect x="194" y="78" width="6" height="84" rx="3" fill="${c.light}"/>`;

const bottle: Icon = (c) => `
  <rect x="106" y="28" width="28" height="54" rx="14" fill="${c.dark}"/>
  <rect x="100" y="76" width="40" height="26" rx="5" fill="${c.dark}"/>
  <rect x="76" y="98" width="88" height="112" rx="20" fill="${c.accent}"/>
  <rect x="90" y="134" width="60" height="44" rx="7" fill="#ffffff" opacity="0.85"/>
  <rect x="100" y="146" width="40" height="6" rx="3" fill="${c.light}"/>
  <rect x="106" y="160" width="28" height="6" rx="3" fill="${c.light}"/>
  <rect x="86" y="108" width="10" height="60" rx="5" fill="#ffffff" opacity="0.35"/>`;

const handbag: Icon = (c) => `
  <path d="M80 104 C80 44 160 44 160 104" fill="none" stroke="${c.dark}" stroke-width="12" stroke-linecap="round"/>
  <path d="M40 100 L200 100 L216 200 C217 207 212 212 205 212 L35 212 C28 212 23 207 24 200 Z" fill="${c.accent}"/>
  <path d="M40 100 L200 100 L203 122 L37 122 Z" fill="${c.dark}" opacity="0.3"/>
  <rect x="106" y="114" width="28" height="20" rx="5" fill="${c.light}"/>`;

const die: Icon = (c) => `
  <g transform="rotate(-8 120 120)">
    <rect x="48" y="48" width="144" height="144" rx="28" fill="${c.accent}"/>
    <rect x="48" y="170" width="144" height="22" rx="11" fill="${c.dark}" opacity="0.25"/>
    <circle cx="84" cy="84" r="12" fill="#ffffff"/>
    <circle cx="156" cy="84" r="12" fill="#ffffff"/>
    <circle cx="120" cy="120" r="12" fill="#ffffff"/>
    <circle cx="84" cy="156" r="12" fill="#ffffff"/>
    <circle cx="156" cy="156" r="12" fill="#ffffff"/>
  </g>`;

const books: Icon = (c) => `
  <rect x="28" y="162" width="184" height="36" rx="5" fill="${c.accent}"/>
  <rect x="44" y="124" width="164" height="36" rx="5" fill="${c.dark}"/>
  <rect x="34" y="86" width="172" height="36" rx="5" fill="${c.light}"/>
  <path d="M44 174 L196 174 M58 136 L192 136 M48 98 L190 98" stroke="#ffffff" stroke-width="4" opacity="0.7"/>
  <rect x="176" y="162" width="12" height="36" fill="#ffffff" opacity="0.5"/>
  <path d="M160 86 L160 134 L168 126 L176 134 L176 86 Z" fill="${c.accent}"/>`;

const shoppingBag: Icon = (c) => `
  <path d="M88 92 C88 40 152 40 152 92" fill="none" stroke="${c.dark}" stroke-width="11" stroke-linecap="round"/>
  <rect x="50" y="78" width="140" height="132" rx="14" fill="${c.accent}"/>
  <circle cx="88" cy="104" r="7" fill="${c.dark}"/>
  <circle cx="152" cy="104" r="7" fill="${c.dark}"/>`;

/**
 * Keyword match rather than an exact lookup, so categories a merchant adds later ("Running Shoes",
 * "Kitchen") still get a fitting picture instead of the generic bag.
 */
const ICONS: readonly (readonly [RegExp, Icon])[] = [
  [/foot|shoe|sneaker|boot/, shoe],
  [/audio|headphone|earbud|sound|music/, headphones],
  [/electronic|tech|computer|gadget/, laptop],
  [/apparel|cloth|fashion|wear/, shirt],
  [/home|kitchen|coffee|garden/, mug],
  [/outdoor|camp|hik/, mountains],
  [/fitness|sport|gym|exercise/, dumbbell],
  [/beauty|cosmetic|skin|care/, bottle],
  [/accessor|bag|jewel|watch/, handbag],
  [/toy|game|kid/, die],
  [/book|read/, books],
];

function iconFor(category: string): Icon {
  const key = category.toLowerCase();
  return ICONS.find(([pattern]) => pattern.test(key))?.[1] ?? shoppingBag;
}

/** The brand already sits on its own line, so drop it from the name and keep what identifies the item. */
function shortName(name: string, brand: string, max: number): string {
  const trimmed = name.trim();
  const withoutBrand =
    brand && trimmed.toLowerCase().startsWith(`${brand.toLowerCase()} `)
      ? trimmed.slice(brand.length + 1).trim()
      : trimmed;
  if (withoutBrand.length <= max) return withoutBrand;
  const cut = withoutBrand.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,:;(-]+$/, "")}\u2026`;
}

export function renderProductSvg(p: ProductImageInput): string {
  const h = hash(p.sku);
  const c = palette(h % 360);
  // Ids are per-SKU so several of these can be inlined into one page without their gradients clashing.
  const id = h.toString(36);
  const label = shortName(p.name, p.brand, 34);
  const labelSize = label.length <= 24 ? 30 : 25;
  const brand = p.brand.trim().toUpperCase().slice(0, 28);

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img" aria-labelledby="t${id}">
  <title id="t${id}">${escapeXml(p.name)}</title>
  <defs>
    <linearGradient id="bg${id}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${c.bgTop}"/>
      <stop offset="1" stop-color="${c.bgBottom}"/>
    </linearGradient>
    <radialGradient id="gl${id}" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${c.glow}" stop-opacity="0.95"/>
      <stop offset="1" stop-color="${c.glow}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg${id})"/>
  <circle cx="512" cy="86" r="120" fill="${c.light}" opacity="0.25"/>
  <circle cx="70" cy="560" r="150" fill="${c.light}" opacity="0.18"/>
  <circle cx="300" cy="250" r="210" fill="url(#gl${id})"/>
  <ellipse cx="300" cy="392" rx="170" ry="15" fill="${c.dark}" opacity="0.12"/>
  <g transform="translate(150 112) scale(1.25)">${iconFor(p.category)(c)}
  </g>
  <text x="300" y="470" text-anchor="middle" font-family="${FONT}" font-size="20" font-weight="600" letter-spacing="5" fill="${c.dark}">${escapeXml(brand)}</text>
  <text x="300" y="518" text-anchor="middle" font-family="${FONT}" font-size="${labelSize}" font-weight="700" fill="${c.ink}">${escapeXml(label)}</text>
</svg>
`;
}
