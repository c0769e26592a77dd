import { STOP_WORDS } from "./shopping-phrases.ts";
import { vocabularyEntryOf } from "./shopping-vocabulary.ts";

/**
 * "do u carry nike", "anything from sony?", "do you sell shoes": a shopper asking whether the shop
 * has a brand or a kind. When the shop's own catalogue has no evidence of the asked words (no
 * product name, brand, category or tag has them, not even misspelt, and no search finds them),
 * the answer is an honest no that names what was asked ("We don't carry Nike."), never other
 * products presented as if they were it. Only asks of that shape are read so: elsewhere an
 * unknown word may still mean something the shop has ("a gift for a runner").
 */

/** Where the asked thing is the object: "do you carry X", "got any X", "anything from X", "X brand". */
const ASKS: readonly RegExp[] = [
  /\b(?:do|does|did|can|could)\s+(?:you|u|ya|y'?all|you guys|the (?:shop|store)|this (?:shop|store)|they)\s+(?:guys\s+)?(?:carry|sell|stock|have|got|offer)\s+(?<what>.+)$/,
  /^(?:you|u|ya)\s+(?:carry|sell|stock|got|have)\s+(?<what>.+)$/,
  /^(?:got|have you got|you got|u got|any|is there|are there|is there any|are there any)\s+(?:any\s+)?(?<what>.+)$/,
  /\b(?:anything|something|stuff|products?|items?|things?)\s+(?:from|by|made by)\s+(?<what>.+)$/,
  /^(?:where (?:are|is|can i find|do you keep))\s+(?:your|the)\s+(?<what>.+)$/,
  /^(?:(?:i'?m )?looking for|i want|i need)\s+(?<what>[a-z]+)\s+brand$/,
];

/** Object words that make the ask a need, not a brand or kind ("do you have something for ..."). */
const NOT_AN_OBJECT =
  /^(?:(?:any|some)(?:thing|one)|stuff|gifts?|presents?|ideas?|a way|what|how|it|them|those|these|that|this|one|ones)\b/;

/** Words around the object that are no part of it ("nike stuff", "at all", "here", "brand"). */
const AROUND =
  /\b(?:any|anything|stuff|things?|products?|items?|gear|here|in stock|at all|brand|brands|by any chance|or not|right now|today|please|pls|plz|by|from|made)\b/g;

/** The words asked for when the message asks whether the shop carries something; none otherwise. */
export function askedWords(message: string): string[] {
  const text = message
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/[?!.,;:]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  for (const ask of ASKS) {
    const what = ask.exec(text)?.groups?.what?.trim();
    if (!what) continue;
    const object = what.replace(/^(?:any(?:thing)?|some)\s+(?:(?:from|by)\s+)?/, "");
    if (NOT_AN_OBJECT.test(object) && !/^(?:anything|something|stuff) (?:from|by)\b/.test(what)) return [];
    if (/\b(?:for|to|that|which|with|under|over|below|above|around|between)\b/.test(object)) return [];
    return object
      .replace(AROUND, " ")
      .split(/\s+/)
      .filter((w) => /^[a-z][a-z'&-]{2,}$/.test(w) && !STOP_WORDS.has(w));
  }
  return [];
}

/** Of the asked words, those the shop lacks, by `known`: the catalogue's evidence, the caller's. */
export function lackingOf(asked: readonly string[], known: (word: string) => boolean): string[] {
  return asked.filter((w) => !known(w));
}

/** How a lacking thing is named back: a product word as typed ("shoes"), a name capitalised ("Nike"). */
export function nameOfLacking(words: readonly string[]): string {
  const phrase = words.join(" ");
  if (vocabularyEntryOf(phrase)) return phrase;
  return words.map((w) => (vocabularyEntryOf(w) ? w : `${w[0]?.toUpperCase() ?? ""}${w.slice(1)}`)).join(" ");
}

/** The honest no, with the shop's categories when nothing else is shown. */
export function sayLacking(
  words: readonly string[],
  categories: readonly string[],
  showing: string | null,
): string {
  const no = `We don't carry ${nameOfLacking(words)}`;
  if (showing) return `${no}; here ${showing}.`;
  if (categories.length === 0) return `${no}.`;
  const listed = categories.slice(0, 8);
  const list = listed.length === 1 ? listed[0] : `${listed.slice(0, -1).join(", ")} and ${listed.at(-1)}`;
  return `${no}. We have ${list}${categories.length > listed.length ? ", and more" : ""} — tell me what you're looking for.`;
}
