/**
 * The colour a swatch is painted for a colour value: the first word of the value that names a
 * colour ("Red Plaid" -> red, "Navy" -> navy); null when none does (the swatch then shows a
 * neutral ring, and its name is still read out and shown on hover).
 */
const NAMED: Readonly<Record<string, string>> = {
  black: "#111111",
  white: "#ffffff",
  navy: "#1f2a4d",
  blue: "#2563eb",
  red: "#c62828",
  green: "#2e7d32",
  olive: "#6b7a2a",
  grey: "#8a8a8a",
  gray: "#8a8a8a",
  charcoal: "#36454f",
  brown: "#6d4c41",
  tan: "#c8a27a",
  beige: "#e8dcc0",
  cream: "#f5efdc",
  khaki: "#bdb07a",
  pink: "#e889b5",
  purple: "#7e57c2",
  yellow: "#f4c430",
  orange: "#f08a24",
  silver: "#c0c0c0",
  gold: "#d4af37",
};

export function swatchColour(value: string): string | null {
  for (const word of value.toLowerCase().split(/[^a-z]+/)) {
    const colour = NAMED[word];
    if (colour) return colour;
  }
  return null;
}
