/**
 * Who a gift is for, as a shop that files things by men and women reads it: "my dad" is a man,
 * "my niece" a girl; a person of either ("my partner", "a friend") is read by the pronouns the
 * message says of them ("she loves yoga"). A gift for a man shows no women's things, and one for
 * a woman no men's: the shop's own names, categories and tags say which things those are
 * ("Women's Jackets", "Men's Shirts", a tag "women"). Small and general: the words of family
 * and pronouns, never one shop's.
 */
export type RecipientGender = "men" | "women";

const MEN =
  /^(?:dad|daddy|father|husband|boyfriend|brother|son|grandpa|grandfather|grandad|granddad|grandson|uncle|nephew|fiance|him)$/u;
const WOMEN =
  /^(?:mom|mommy|mother|mum|wife|girlfriend|sister|daughter|grandma|grandmother|granny|gran|nana|nan|granddaughter|aunt|niece|fiancee|fiancée|her)$/u;

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
