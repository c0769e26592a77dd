import {
  foreignCurrencyOf,
  hundredthsOf,
  minorUnitsOf,
  type NumberToken,
  normalizeForFigures,
  scanNumbers,
} from "../text/figures.ts";
import type { ParseContext, ShopperAsk } from "./negotiation-types.ts";
import {
  AMOUNT_AFTER_IMMEDIATE,
  AMOUNT_BEFORE,
  AMOUNT_BEFORE_PAIRS,
  COUNTING_NOUNS,
  FILLER,
  PENALTY_BEFORE,
  STOP_WORDS,
  STRONG_PAY,
  THRESHOLD_BEFORE,
  TOTAL_WORDS,
  WEAK_PAY,
} from "./shopper-ask-words.ts";

/**
 * The ask a negotiation message states with a figure, if any: each number of the message is
 * scored by the words around it in its clause (an amount off, a total, a price the shopper
 * would pay, a line of the cart named by its words), and the best-scored one wins, the last
 * one on a tie. A number that is a count ("2 items"), a product word ("Airstride 5") or a
 * price the shopper only quotes ("it was $120") is not an ask.
 */

export interface Candidate {
  token: NumberToken;
  score: number;
  ask: ShopperAsk | "negative";
}

/** The words of a text, an apostrophe kept inside a word ("i'll", "let's"). */
export function wordList(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? [];
}

function variants(word: string): string[] {
  const out = [word];
  if (word.endsWith("es") && word.length > 4) out.push(word.slice(0, -2));
  if (word.endsWith("s") && word.length > 3) out.push(word.slice(0, -1));
  return out;
}

function contentWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of wordList(normalizeForFigures(text))) {
    if (w.length < 3 || STOP_WORDS.has(w) || /^\d+$/.test(w)) continue;
    for (const v of variants(w)) out.add(v);
  }
  return out;
}

/** The one line the message names clearly (more matching words than any other line), if any. */
function namedLine(messageWords: string[], context: ParseContext): string | null {
  const said = new Set<string>();
  for (const w of messageWords) {
    if (w.length < 3 || STOP_WORDS.has(w) || /^\d+$/.test(w)) continue;
    said.add(w);
  }
  let best: { id: string; score: number } | null = null;
  let tie = false;
  for (const line of context.lines) {
    const lineWords = contentWords(`${line.name} ${line.brand} ${line.category}`);
    let score = 0;
    for (const w of said) if (variants(w).some((v) => lineWords.has(v))) score += 1;
    if (score === 0) continue;
    if (!best || score > best.score) {
      best = { id: line.cartItemId, score };
      tie = false;
    } else if (score === best.score) {
      tie = true;
    }
  }
  return best && !tie ? best.id : null;
}

function productWordSet(context: ParseContext): Set<string> {
  const out = new Set<string>();
  for (const line of context.lines) {
    for (const w of contentWords(`${line.name} ${line.brand} ${line.category}`)) out.add(w);
  }
  return out;
}

/** Positions of clause breaks: , . ; : ! ? and newlines, except a comma or dot inside a number. */
export function clauseBreaks(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === ";" || c === ":" || c === "!" || c === "?" || c === "\n") out.push(i);
    else if ((c === "," || c === ".") && !(/\d/.test(s[i - 1] ?? "") && /\d/.test(s[i + 1] ?? "")))
      out.push(i);
  }
  return out;
}

export function chooseAsk(s: string, context: ParseContext, questionContext: boolean): Candidate | null {
  const tokens = scanNumbers(s);
  if (tokens.length === 0) return null;
  const breaks = clauseBreaks(s);
  const messageWords = wordList(s);
  const productWords = productWordSet(context);
  const candidates: Candidate[] = [];

  for (const token of tokens) {
    // An amount in another currency is not an ask: the shop has no rate to read it by.
    if (token.unit === "money" && foreignCurrencyOf(token) !== null) continue;
    const clauseStart = breaks.filter((b) => b < token.start).pop() ?? -1;
    const clauseEnd = breaks.find((b) => b >= token.end) ?? s.length;
    const before = wordList(s.slice(clauseStart + 1, token.start)).slice(-4);
    const after = wordList(s.slice(token.end, clauseEnd)).slice(0, 4);
    const last = before[before.length - 1] ?? "";
    const last2 = before.slice(-2);
    const next = after[0] ?? "";

    const amountOff =
      after.slice(0, 3).includes("off") ||
      AMOUNT_AFTER_IMMEDIATE.has(next) ||
      AMOUNT_BEFORE.has(last) ||
      before.slice(-3).some((w) => w === "knock" || w === "shave") ||
      AMOUNT_BEFORE_PAIRS.some(([a, b]) => before[before.length - 2] === a && last === b);
    const totalWord = [...before, ...after].some((w) => TOTAL_WORDS.has(w));
    const strong = before.slice(-3).some((w) => STRONG_PAY.has(w));
    const weak = WEAK_PAY.has(last);
    const penalty = last2.some((w) => PENALTY_BEFORE.has(w));
    const threshold = last2.some((w) => THRESHOLD_BEFORE.has(w));

    let score: number;
    let ask: Candidate["ask"];
    if (token.unit === "percent") {
      let bp = Math.round(hundredthsOf(token));
      const paysShare =
        !after.slice(0, 3).some((w) => w === "off" || AMOUNT_AFTER_IMMEDIATE.has(w)) &&
        (last2.includes("pay") ||
          (next === "of" &&
            ["price", "total", "subtotal", "cart", "list", "original", "value"].includes(
              after[1] === "the" ? (after[2] ?? "") : (after[1] ?? ""),
            )));
      if (paysShare && bp <= 10000) bp = 10000 - bp;
      score = 5;
      ask = { kind: "percent", percent: bp };
    } else {
      const isMoney = token.unit === "money";
      if (!isMoney) {
        if (
          COUNTING_NOUNS.has(next) ||
          productWords.has(next) ||
          variants(next).some((v) => productWords.has(v))
        )
          continue;
        const rest = wordList(`${s.slice(0, token.start)} ${s.slice(token.end)}`);
        const alone = rest.every((w) => FILLER.has(w));
        if (!amountOff && !totalWord && !strong && !weak && !alone) continue;
      }
      if (questionContext && (threshold || !(amountOff || strong))) continue;
      const cents = Math.round(minorUnitsOf(token));
      score = amountOff ? 4 : totalWord ? 3 : strong ? 2.5 : weak ? 2 : 1;
      if (isMoney) score += 0.5;
      if (amountOff) ask = { kind: "amount", amount: cents };
      else if (totalWord) ask = { kind: "total", total: cents };
      else {
        const lineId = namedLine(messageWords, context);
        ask = lineId
          ? { kind: "item-price", cartItemId: lineId, price: cents }
          : { kind: "total", total: cents };
      }
    }
    if (penalty) score -= 2.5;
    if (token.negative) ask = "negative";
    candidates.push({ token, score, ask });
  }
  let best: Candidate | null = null;
  for (const c of candidates) if (!best || c.score >= best.score) best = c;
  return best;
}
