import { STOP_WORDS } from "./shopping-phrases.ts";
import { wordForms } from "./word-meaning.ts";

/**
 * A message that is nothing but one of the shop's own tags ("mesh", "soft shell", "work from
 * home", "sweatpants please") asks for exactly the products the merchant labelled so. The reading
 * may rewrite such a word by meaning ("sweatpants" -> joggers) or as a need ("rainy" -> umbrellas),
 * which finds related things; the shop's own label is the surer answer, so it is searched first.
 */

/** A message longer than this is a sentence, not a label. */
const MAX_TAG_WORDS = 4;

/** The shop's tag the message names as a whole (its words, courtesy aside), or null. */
export function tagNamedBy(message: string, tags: ReadonlySet<string>): string | null {
  const words = message
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/[^a-z0-9'&/ -]+/g, " ")
    .split(/[\s-]+/)
    .filter((w) => w !== "");
  // Courtesy and asking words around the label ("show me ... please"); those inside it stay
  // ("work from home"). A filler word the shop uses as a label of its own ("new", "cool",
  // "basic") is the label, not filler: the catalogue's tags decide, not a hand list.
  const filler = (w: string) => STOP_WORDS.has(w) && tagOf([w], tags) === null;
  while (words.length > 0 && filler(words[0]!)) words.shift();
  while (words.length > 0 && filler(words.at(-1)!)) words.pop();
  if (words.length === 0 || words.length > MAX_TAG_WORDS || words.some((w) => !/^[a-z]/.test(w))) return null;
  return tagOf(words, tags);
}

/** The tag these words spell, the last in any of its forms and joined either way, or null. */
function tagOf(words: readonly string[], tags: ReadonlySet<string>): string | null {
  const head = words.at(-1)!;
  // The last word in any of its forms ("sweatpant" of "sweatpants", "boots" of "boot").
  const forms = [...wordForms(head), `${head}s`, `${head}es`];
  // A label of several words is written with hyphens ("soft-shell") or spaces ("soft shell").
  for (const joiner of ["-", " "]) {
    const lead = words.slice(0, -1).join(joiner);
    for (const form of forms) {
      const tag = lead ? `${lead}${joiner}${form}` : form;
      if (tags.has(tag)) return tag;
    }
  }
  return null;
}
