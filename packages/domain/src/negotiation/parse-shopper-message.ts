import { foreignCurrencyOf, normalizeForFigures, scanNumbers } from "../text/figures.ts";
import type { ParseContext, QuestionTopic, ShopperIntent } from "./negotiation-types.ts";
import { chooseAsk, clauseBreaks, wordList } from "./read-shopper-ask.ts";
import {
  APPEAL,
  DEAL_NOT_AGREEMENT,
  DEAL_REQUEST_VERBS,
  DISCOUNT_BEFORE_PUSH,
  DISCOUNT_REQUEST,
  GOODBYE,
  GREETING,
  NEGATORS,
  NOT_REFUSAL,
  OTHER_TALK,
  PUSH,
  QUESTIONS,
  REFUSE,
  THANKS,
  WORD_CHARS,
} from "./shopper-intent-phrases.ts";

// The figure reader lives in text/figures.ts, shared with the shopping assistant's parser; the
// negotiation voice's figure check still imports it from here.
export { hundredthsOf, type NumberToken, normalizeForFigures, scanNumbers } from "../text/figures.ts";

/**
 * Reads what a shopper typed in the negotiation chat, without any LLM. The result only feeds the
 * deterministic policy, which enforces every limit: numbers are read faithfully ("90% off" is
 * 9000 basis points, "$1" is 100 cents), never clamped to what the shop allows nor invented.
 *
 * Reading order: a concrete figure wins over everything ("ok but 20%?" is an ask); then
 * acceptance (a whole acceptance word, not negated); then questions, pushes, discount requests,
 * refusals, appeals and small talk; anything else is unknown. Never throws.
 */

/** The acceptance words of the spec, whole words, case-insensitive. */
export const ACCEPTANCE_WORDS = [
  "accept",
  "accepted",
  "yes",
  "yep",
  "agree",
  "deal",
  "okay",
  "ok",
  "confirm",
] as const;

/** Longer messages are cut before parsing: a negotiation message is a sentence or two. */
export const MAX_PARSED_LENGTH = 2000;

const ACCEPTANCE = new RegExp(
  `(?<![${WORD_CHARS}'])(${ACCEPTANCE_WORDS.join("|")}|oui|ja|sí|vale|d'accord|de acuerdo|acepto|j'accepte|einverstanden)(?![${WORD_CHARS}'])`,
  "giu",
);
const SPANISH_SI = /^si(?![\p{L}])/u;

export function parseShopperMessage(text: string, context: ParseContext): ShopperIntent {
  try {
    if (typeof text !== "string") return { type: "unknown" };
    const safeContext: ParseContext = {
      subtotal: context?.subtotal ?? 0,
      lines: Array.isArray(context?.lines) ? context.lines : [],
    };
    return parse(normalizeForFigures(text.slice(0, MAX_PARSED_LENGTH)).trim(), safeContext);
  } catch {
    return { type: "unknown" };
  }
}

function questionTopic(s: string): QuestionTopic | null {
  for (const [topic, re] of QUESTIONS) if (re.test(s)) return topic;
  return null;
}

function parse(s: string, context: ParseContext): ShopperIntent {
  if (s === "") return { type: "unknown" };
  const topic = questionTopic(s);
  const figure = chooseAsk(s, context, topic !== null);
  if (figure) return figure.ask === "negative" ? { type: "unknown" } : { type: "ask", ask: figure.ask };
  // "¥1200" in a euro shop: Ava says which currency she reads (decision 0072).
  if (scanNumbers(s).some((t) => t.unit === "money" && foreignCurrencyOf(t) !== null))
    return { type: "question", topic: "currency" };

  const acceptance = readAcceptance(s);
  if (acceptance === "refuse") return { type: "refuse" };
  if (acceptance === "accept") return { type: "accept" };
  if (acceptance !== null) return acceptance;
  return withoutFigures(s, topic);
}

/** Everything but figures and acceptance, in priority order. */
function withoutFigures(s: string, topic: QuestionTopic | null): ShopperIntent {
  if (topic) return { type: "question", topic };
  if (DISCOUNT_BEFORE_PUSH.test(s)) return { type: "discount-request" };
  if (PUSH.test(s)) return { type: "push" };
  if (DISCOUNT_REQUEST.test(s)) return { type: "discount-request" };
  if (REFUSE.test(s.replace(NOT_REFUSAL, " "))) return { type: "refuse" };
  if (APPEAL.test(s)) return { type: "discount-request" };
  if (GOODBYE.test(s)) return { type: "small-talk", topic: "goodbye" };
  if (THANKS.test(s)) return { type: "small-talk", topic: "thanks" };
  if (GREETING.test(s)) return { type: "small-talk", topic: "greeting" };
  if (OTHER_TALK.test(s)) return { type: "small-talk", topic: "other" };
  return { type: "unknown" };
}

/**
 * "accept" / "refuse" from the last acceptance word (negated within the three words before it in
 * its clause: "no deal", "I don't accept", "not a deal"), or what follows a "but" after it
 * ("ok but can you do better?" -> push). null when there is no acceptance word.
 */
function readAcceptance(s: string): "accept" | "refuse" | ShopperIntent | null {
  const breaks = clauseBreaks(s);
  let found: { end: number; negated: boolean } | null = null;
  ACCEPTANCE.lastIndex = 0;
  for (let m = ACCEPTANCE.exec(s); m !== null; m = ACCEPTANCE.exec(s)) {
    const index = m.index;
    const clauseStart = breaks.filter((b) => b < index).pop() ?? -1;
    const before = wordList(s.slice(clauseStart + 1, index)).slice(-3);
    const word = m[0];
    const prior = before[before.length - 1] ?? "";
    if (word === "deal" && DEAL_NOT_AGREEMENT.has(prior)) continue;
    // "give me a deal", "can I get a deal": a request, not agreement.
    if (word === "deal" && prior === "a" && DEAL_REQUEST_VERBS.has(before[before.length - 2] ?? "")) continue;
    const negated = before.some((w) => NEGATORS.has(w)) || before[before.length - 1] === "no";
    found = { end: index + word.length, negated };
  }
  if (!found && SPANISH_SI.test(s) && wordList(s).length <= 3) return "accept";
  if (!found) return null;
  if (found.negated) return "refuse";
  const but = /(?<![\p{L}])but(?![\p{L}])/u.exec(s.slice(found.end));
  if (but) {
    const rest = s.slice(found.end + but.index + 3);
    const intent = withoutFigures(rest, questionTopic(rest));
    if (intent.type !== "unknown" && intent.type !== "small-talk") return intent;
  }
  return "accept";
}
