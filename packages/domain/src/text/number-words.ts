/**
 * Numbers spelled in English words, for every parser that reads what a shopper typed: "five",
 * "fifteen", "twenty-five", "ninety nine", "a hundred", "two hundred fifty", "three thousand",
 * "a grand". One table and one reading, so the assistant's request parser and the negotiation
 * parser agree on what "fifty bucks" or "fifteen percent" is.
 *
 * The patterns are regular-expression sources without capturing groups, to be embedded in the
 * parsers' own phrases; they expect lower-case text and do not anchor on word boundaries (the
 * caller does). Tens and units are joined by one space or hyphen ("twenty-five"; "twenty - five" is
 * not one number); hundreds and thousands by any spaces or hyphens.
 */

export const UNIT_WORDS: Readonly<Record<string, number>> = {
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

export const TEEN_WORDS: Readonly<Record<string, number>> = {
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

/** "fourty" is a common misspelling, read like "forty". */
export const TENS_WORDS: Readonly<Record<string, number>> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

const SCALE_WORDS: Readonly<Record<string, number>> = { hundred: 100, thousand: 1000, grand: 1000 };

const alternatives = (table: Readonly<Record<string, number>>) => Object.keys(table).join("|");
const GAP = "[\\s-]+";

const UNIT = `(?:${alternatives(UNIT_WORDS)})`;
const TEEN = `(?:${alternatives(TEEN_WORDS)})`;
const TENS = `(?:(?:${alternatives(TENS_WORDS)})(?:[\\s-]${UNIT})?)`;
/** "a hundred", "two thousand", "one grand", then optionally "fifty" / "twenty five" / "fifteen". */
const SCALED = `(?:(?:a|one|${alternatives(UNIT_WORDS)})${GAP}(?:hundred|thousand|grand)(?:${GAP}(?:${TENS}|${TEEN}))?)`;

/**
 * A spelled amount that is not a lone digit word: "a hundred", "two hundred fifty", "twenty
 * five", "fifteen", "hundred". "five" alone is left out on purpose: without a currency it is far
 * more often a count ("five jackets") than a price.
 */
export const SPELLED_AMOUNT = `${SCALED}|${TENS}|${TEEN}|hundred`;

/** Any spelled number, "zero" and the lone digit words ("five") included. */
export const SPELLED_NUMBER = `${SPELLED_AMOUNT}|zero|${UNIT}`;

/**
 * The value of a spelled number ("twenty-five" 25, "a hundred" 100, "two hundred fifty" 250,
 * "three grand" 3000), or null when a word is not a number word.
 */
export function spelledNumberValue(text: string): number | null {
  const parts = text
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);
  if (parts.length === 0) return null;
  let total = 0;
  let current = 0;
  for (const part of parts) {
    if (part === "a") current = 1;
    else if (part === "zero") current += 0;
    else if (part in UNIT_WORDS) current += UNIT_WORDS[part] ?? 0;
    else if (part in TEEN_WORDS) current += TEEN_WORDS[part] ?? 0;
    else if (part in TENS_WORDS) current += TENS_WORDS[part] ?? 0;
    else if (part === "hundred") current = (current || 1) * 100;
    else if (part in SCALE_WORDS) {
      total += (current || 1) * (SCALE_WORDS[part] ?? 1);
      current = 0;
    } else return null;
  }
  return total + current;
}

const LETTER_OR_DIGIT = "\\p{L}\\p{N}_";
/** Units after which a spelled number is a figure: percents and money. */
const FIGURE_UNIT_AHEAD = "(?=\\s?(?:%|(?:percent|per cent|pct|dollars?|bucks?)(?![\\p{L}])))";
const SPELLED_BEFORE_UNIT = new RegExp(
  `(?<![${LETTER_OR_DIGIT}])(?:${SPELLED_NUMBER})(?![${LETTER_OR_DIGIT}])${FIGURE_UNIT_AHEAD}`,
  "giu",
);

/**
 * Spelled numbers right before a percent or money unit become digits ("fifteen percent" ->
 * "15 percent", "twenty-five dollars" -> "25 dollars", "a hundred bucks" -> "100 bucks"), so
 * that a reader of digits sees the figure. Other number words ("two jackets") stay as they are.
 * Expects lower-case text.
 */
export function spellFiguresAsDigits(text: string): string {
  return text.replace(SPELLED_BEFORE_UNIT, (words) => String(spelledNumberValue(words) ?? words));
}
