/**
 * Who a gift is for, as a shop that files things by men and women reads it: "my dad" is a man,
 * "my niece" a girl; a person of either ("my partner", "a friend") is read by the pronouns the
 * message says of them ("she loves yoga"). A gift for a man shows no women's things, and one for
 * a woman no men's: the shop's own names, categories and tags say which things those are
 * ("Women's Jackets", "Men's Shirts", a tag "women"). Small and general: the words of family
 * and pronouns, never one shop's.
 */
export type RecipientGender = "men" | "women";

const MEN_PEOPLE =
  "dad|daddy|father|husband|boyfriend|brother|son|grandpa|grandfather|grandad|granddad|grandson|uncle|nephew|fiance|guy|man|dude|boy";
const WOMEN_PEOPLE =
  "mom|mommy|mother|mum|wife|girlfriend|sister|daughter|grandma|grandmother|granny|gran|nana|nan|granddaughter|aunt|niece|fiancee|fiancée|woman|lady|girl|gal";
const MEN = new RegExp(`^(?:${MEN_PEOPLE}|him)$`, "u");
const WOMEN = new RegExp(`^(?:${WOMEN_PEOPLE}|her)$`, "u");

const HE = /(?<![\p{L}'])(?:he|he's|hes|him|his|himself)(?![\p{L}'])/u;
const SHE = /(?<![\p{L}'])(?:she|she's|shes|her|hers|herself)(?![\p{L}'])/u;

/**
 * The gender of the people a gift is for: by the first of them that has one, else by the message's
 * pronouns when they say only one; null when nothing says, or the people differ.
 */
export function genderOfRecipients(people: readonly string[], message: string): RecipientGender | null {
  const said = new Set(
    people
      .map((p) => p.toLowerCase())
      .flatMap((p) => (MEN.test(p) ? ["men"] : WOMEN.test(p) ? ["women"] : [])),
  );
  if (said.size === 1) return [...said][0] as RecipientGender;
  if (said.size > 1) return null;
  const text = message.toLowerCase();
  const he = HE.test(text);
  const she = SHE.test(text);
  return he === she ? null : he ? "men" : "women";
}

const WOMENS =
  /(?<![\p{L}])(?:women|womens|women's|woman|woman's|ladies|lady|girls?|girl's|girls')(?![\p{L}])/u;
const MENS = /(?<![\p{L}])(?:men|mens|men's|man|man's|boys?|boy's|boys')(?![\p{L}])/u;
const EITHER = /(?<![\p{L}])unisex(?![\p{L}])/u;

/**
 * Whether a product (its name, category and tags) is made for the other gender than the one a
 * gift is for: it says the other and neither the gift's own nor "unisex".
 */
export function ofOtherGender(text: string, gender: RecipientGender | null): boolean {
  if (gender === null) return false;
  const t = text.toLowerCase();
  if (EITHER.test(t)) return false;
  const [own, other] = gender === "men" ? [MENS, WOMENS] : [WOMENS, MENS];
  return other.test(t) && !own.test(t);
}

/** The shopper says who they are: "i'm a guy", "as a woman", "im a 40 year old man". */
const SELF = (people: string) =>
  new RegExp(
    `(?<![\\p{L}'])(?:i'?m|i am|as) (?:an? )?(?:[\\p{L}\\d-]+ ){0,3}(?:${people})(?![\\p{L}'])`,
    "u",
  );
const SELF_MAN = SELF("guy|man|dude|bloke|male|boy");
const SELF_WOMAN = SELF("woman|lady|girl|gal|female");
/** A person by a word of one gender: "my son", "a guy who lifts", "for my wife". */
const PERSON = (people: string) =>
  new RegExp(
    `(?<![\\p{L}'])(?:my|our|a|the|this|that|for)(?: (?:little|baby|big|older|younger|teenage|old|young))? (?:${people})(?![\\p{L}])`,
    "u",
  );
const A_MAN = PERSON(MEN_PEOPLE);
const A_WOMAN = PERSON(WOMEN_PEOPLE);
/** A person of either gender ("my kid", "my partner"): the pronouns said of them tell. */
const ANYONE = PERSON("kids?|child|partner|spouse|friend|teen|teenager|toddler|baby|roommate|flatmate");
/** Things said to be of one gender: "men's", "mens size 10", "for women", "ladies". */
const MENS_WORDS = "men|mens|men's|male";
const WOMENS_WORDS = "women|womens|women's|ladies|ladies'|female";
const SAID = (words: string) => new RegExp(`(?<![\\p{L}])(?:${words})(?![\\p{L}'])`, "u");
/** Said as not wanted: "not the men's ones", "no womens stuff". */
const SAID_NOT = (words: string) =>
  new RegExp(
    `(?<![\\p{L}])(?:not|no|without|except|n't)(?: (?:for|any|the|those|them))? (?:${words})(?![\\p{L}'])`,
    "u",
  );
const SAID_MENS = SAID(MENS_WORDS);
const SAID_WOMENS = SAID(WOMENS_WORDS);
const NOT_MENS = SAID_NOT(MENS_WORDS);
const NOT_WOMENS = SAID_NOT(WOMENS_WORDS);
/** The shopper speaks of themselves: a person named beside it is the context of their own need. */
const ONESELF = /(?<![\p{L}'])(?:i|i'?m|im|i'?ve|i'?d|me|myself)(?![\p{L}'])/u;

const oneOf = (men: boolean, women: boolean): RecipientGender | null =>
  men === women ? null : men ? "men" : "women";

/**
 * Whom things are for, by gender, in any request, not only a gift: the things said to be of one
 * ("men's", "for women"; "not the men's ones" says the women's), else the shopper's word about themselves ("i'm a guy"), else the person
 * the message is about ("my son starts baseball", "a guy who's into lifting"; "my kid ... he" by
 * the pronouns) unless the shopper
 * also speaks of themselves in a need ("my husband snores and i can't sleep": the need is theirs;
 * a gift is never for the shopper). Null when
 * nothing says, or both are said. A shop that files things by men and women then shows no other's.
 */
export function genderSaid(message: string, gift = false): RecipientGender | null {
  const text = message.toLowerCase();
  const [notMens, notWomens] = [NOT_MENS.test(text), NOT_WOMENS.test(text)];
  const things = oneOf(
    (SAID_MENS.test(text) && !notMens) || notWomens,
    (SAID_WOMENS.test(text) && !notWomens) || notMens,
  );
  if (things) return things;
  const self = oneOf(SELF_MAN.test(text), SELF_WOMAN.test(text));
  if (self) return self;
  if (!gift && ONESELF.test(text)) return null;
  const person = oneOf(A_MAN.test(text), A_WOMAN.test(text));
  if (person || !ANYONE.test(text)) return person;
  return oneOf(HE.test(text), SHE.test(text));
}

/** Whom a message's things are for: a gift's person first, else what it says of anyone's gender. */
export function genderOfMessage(
  gift: boolean,
  recipients: readonly string[],
  message: string,
): RecipientGender | null {
  return (gift ? genderOfRecipients(recipients, message) : null) ?? genderSaid(message, gift);
}

const MENS_CATEGORY = /^(?:men|mens|men's|man's|boys|boys')\s/u;
const WOMENS_CATEGORY = /^(?:women|womens|women's|woman's|ladies|ladies'|girls|girls')\s/u;

/**
 * The shop's kinds of one gender: a tag whose products the shop files only under one gender's
 * categories ("Women's Dresses") and never under the other's ("dresses" of Women's Dresses and of
 * Tops is a women's kind; "footwear" of Men's Shoes and Women's Shoes is nobody's). The catalogue
 * says it, so a dress filed under "Tops" is a woman's thing too.
 */
export function kindsOfGender(
  tagCategories: Record<string, readonly string[]> | undefined,
  gender: RecipientGender,
): string[] {
  const [own, other] = gender === "men" ? [MENS_CATEGORY, WOMENS_CATEGORY] : [WOMENS_CATEGORY, MENS_CATEGORY];
  return Object.entries(tagCategories ?? {})
    .filter(([, categories]) => {
      const names = categories.map((c) => c.toLowerCase());
      return names.some((c) => own.test(c)) && !names.some((c) => other.test(c));
    })
    .map(([tag]) => tag.toLowerCase());
}
