/**
 * A shopper's message made ready to read: cut to a sentence or two, one form of each letter,
 * apostrophe and dash, figures spelled as digits, hesitation taken out, a product word written
 * as two words joined, and a person's pastime said with a verb read as what they do.
 */
import { spellFiguresAsDigits } from "../text/number-words.ts";
import { vocabularyEntryOf } from "./shopping-vocabulary.ts";

/** Longer messages are cut: a shopping request is a sentence or two. */
export const MAX_MESSAGE_LENGTH = 500;

export function normalizeMessage(message: unknown): string {
  if (typeof message !== "string") return "";
  const text = message
    .slice(0, MAX_MESSAGE_LENGTH * 2)
    .normalize("NFKC")
    .slice(0, MAX_MESSAGE_LENGTH)
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'")
    .replace(/[\u2010-\u2013\u2212]/g, "-")
    .replace(/\p{Cc}/gu, " "); // also keeps the scanner's mask out of the text
  return pastimesAsDoing(
    joinSplitCompounds(
      spellFiguresAsDigits(text).replace(HESITATION, " ").replace(PEOPLE_AS_TYPED, personOf),
    ),
  );
}

/**
 * People as they are typed in a chat ("my gf", "the hubby", "my step-dad"): the words the readers
 * of recipients and their gender know, so a gift "for my bf" is one for a man.
 */
const PEOPLE_TYPED: Record<string, string> = {
  gf: "girlfriend",
  bf: "boyfriend",
  bff: "best friend",
  hubby: "husband",
  wifey: "wife",
  bro: "brother",
  sis: "sister",
  gramps: "grandpa",
  stepdad: "dad",
  "step-dad": "dad",
  stepmom: "mom",
  "step-mom": "mom",
  stepmum: "mum",
  "step-mum": "mum",
};
const PEOPLE_AS_TYPED = new RegExp(
  `(?<=(?:^|[^\\p{L}'])(?:my|our|the|his|her|for|a) )(?:${Object.keys(PEOPLE_TYPED).join("|")})(?![\\p{L}'-])`,
  "gu",
);
const personOf = (typed: string): string => PEOPLE_TYPED[typed] ?? typed;

/** Verbs after "who" that say no pastime of their own, or that the pastime table reads itself. */
const NOT_A_PASTIME = new Set(
  `loves likes enjoys adores wants needs has does goes gets keeps works lives spends takes makes uses says
  thinks knows seems looks feels owns always plays runs reads bakes cooks hikes treks camps cycles travels
  gardens jogs drinks rides walks collects watches listens eats is was`.split(/\s+/),
);

/** "fishes" -> "fishing", "paints" -> "painting", "knits" -> "knitting", "dances" -> "dancing". */
export function doingOf(verb: string): string {
  const base = /(?:sh|ch|x|zz)es$/u.test(verb)
    ? verb.slice(0, -2)
    : /ies$/u.test(verb)
      ? `${verb.slice(0, -3)}y`
      : verb.slice(0, -1);
  if (/[^aeioy]e$/u.test(base)) return `${base.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][bdgmnprt]$/u.test(base)) return `${base}${base.at(-1)}ing`;
  return `${base}ing`;
}

/**
 * "my dad who fishes every weekend", "an aunt who paints": a person's pastime said with a verb the
 * tables do not know is read as what they do ("fishing", "painting"), the way shops and the word
 * vectors name it; as typed, "fishes" found nothing and "paints" was corrected to "pants".
 */
function pastimesAsDoing(text: string): string {
  return text.replace(
    /(?<![\p{L}])(who (?:also |really |still |mostly |basically |just )?)([a-z]{3,}[^s\W]s)(?![\p{L}'])/gu,
    (all, who: string, verb: string) =>
      NOT_A_PASTIME.has(verb) || vocabularyEntryOf(verb) || vocabularyEntryOf(verb.replace(/e?s$/u, ""))
        ? all
        : `${who}${doingOf(verb)}`,
  );
}

/**
 * "lap top", "hand bag", "sun glasses", "key board": a product word written as two words, neither
 * of which is one ("top" would be read as the shop's Tops). Two words are joined when together
 * they are a product word of the vocabulary and the first alone is none.
 */
function joinSplitCompounds(text: string): string {
  const parts = text.split(/( +)/u);
  for (let i = 0; i + 2 < parts.length; i += 2) {
    const [a, b] = [parts[i] ?? "", parts[i + 2] ?? ""];
    if (!/^\p{L}{2,}$/u.test(a) || !/^\p{L}{2,}[?!.,]*$/u.test(b)) continue;
    const joined = `${a}${b}`;
    if (
      vocabularyEntryOf(joined.replace(/[?!.,]+$/u, ""))?.category &&
      !vocabularyEntryOf(a) &&
      !vocabularyEntryOf(`${a} ${b}`)
    ) {
      parts.splice(i, 3, joined);
      i -= 2;
    }
  }
  return parts.join("");
}

/**
 * Hesitation carries no wish ("idk something for camping", "umm maybe a hat"): taken out before
 * reading, so that it is neither searched for nor read as the subject.
 */
const HESITATION =
  /(?<![\p{L}'])(?:idk|idek|dunno|i (?:don'?t|do not|dont) know|not sure|no idea|i guess|umm*|uhh*|erm*)(?![\p{L}'])/gu;
