import { ASSISTANT_NAME } from "@haggle/domain/assistant/assistant-name";
import {
  answerSmallTalk,
  detectSmallTalk,
  type ShopPolicies,
  type SmallTalk,
  writeAssistantReply,
  SHOP_PAGE_QUESTIONS,
  type ShopPagePassage,
} from "@haggle/domain/assistant/assistant-reply";
import {
  describeFilters,
  type ParsedShoppingRequest,
  type ShoppingCatalogNames,
} from "@haggle/domain/assistant/parse-shopping-request";
import { describeChanges } from "@haggle/domain/assistant/relax-shopping-request";
import { settingCents } from "@haggle/domain/merchant/seller-config";
import type { Db } from "../../platform/db/client.ts";
import { loadCatalogNames, loadTagCategories } from "../catalog/index.ts";
import { searchPolicies } from "../policies/index.ts";
import { loadSellerConfig } from "../settings/index.ts";
import type { AssistantDeps, AssistantEvent, AssistantMessage as Message } from "./assistant-types.ts";
import { type Answer, answer } from "./built-in-search.ts";
import { learnedCatalogue } from "./assistant-learned-meaning.ts";

/** The built-in engine reads only the shopper's last messages. */
const BUILT_IN_MESSAGES = 8;
/** Category and brand names are reloaded after a minute: they rarely change. */
const CATALOG_NAMES_TTL_MS = 60_000;

const catalogNamesCache = new WeakMap<Db, { at: number; value: Promise<ShoppingCatalogNames> }>();

/** The shop's categories, brands and tags (with their categories), for reading requests. */
function catalogNames(db: Db) {
  const cached = catalogNamesCache.get(db);
  if (cached && Date.now() - cached.at < CATALOG_NAMES_TTL_MS) return cached.value;
  const value = Promise.all([loadCatalogNames(db), loadTagCategories(db)]).then(([names, tagCategories]) => ({
    ...names,
    tagCategories,
  }));
  catalogNamesCache.set(db, { at: Date.now(), value });
  value.catch(() => catalogNamesCache.delete(db));
  return value;
}

/** What the reply says was understood: after relaxing, what the products match now, not what was asked. */
function understoodOf(found: Answer): string[] {
  const { request, plan } = found;
  const asked = describeFilters(request.filters, request.targetPrice, request.sort);
  const now = plan ? describeFilters(plan.filters, plan.targetPrice, plan.sort) : asked;
  const gone = found.relaxed.length > 0 ? asked.filter((p) => !now.includes(p)) : [];
  const added = found.relaxed.length > 0 ? now.filter((p) => !asked.includes(p)) : [];
  return [
    ...(request.anyOf.length > 0 && request.subjectWords.length === 0
      ? [request.anyOf.slice(0, 3).join(" or ")]
      : []),
    ...(request.understood.length > 0
      ? request.understood
      : request.text
        ? [`"${request.text}"`]
        : []
    ).filter((p) => !gone.includes(p)),
    ...added,
  ];
}

function subjectOf(request: ParsedShoppingRequest): string {
  return (
    request.subjectWords.join(" ") ||
    request.anyOf.slice(0, 3).join(" or ") ||
    request.filters.categories.join(" or ")
  );
}

/** What changed since the last turn, said first: a new topic, exclusions, relaxations, stock. */
function changesOf(found: Answer): string {
  const { request } = found;
  const subject = subjectOf(request);
  const excluded = [...request.excludedWords, ...request.excludedBrands];
  // Everything of the subject was excluded: say so plainly before the closest other things.
  const honest =
    found.onlyExcluded && subject
      ? `I have no ${subject} other than ${excluded.join(" or ")}${found.products.length > 0 ? "; the closest other things:" : "."}`
      : "";
  const notes = describeChanges({
    subject,
    dropped: request.dropped,
    relaxed: found.relaxed,
    filled: found.filled,
    excluded: honest ? [] : excluded,
    outOfStock: found.outOfStock,
    narrowed: request.narrowedBy,
  });
  return [honest, notes].filter(Boolean).join(" ");
}

/** The reply's text for a search or a question about a shown product. */
function replyOf(found: Answer, seed: number): string {
  const reply =
    found.said ??
    writeAssistantReply({
      assistantName: ASSISTANT_NAME,
      understood: understoodOf(found),
      refined: found.request.refined,
      products: found.products.map((p) => ({
        name: p.name,
        brand: p.brand,
        price: p.price,
        listPrice: p.listPrice,
        rating: p.rating,
        reviewCount: p.reviewCount,
      })),
      alternatives: false,
      smallTalk: null,
      seed,
    });
  const notes = changesOf(found);
  return notes ? `${notes} ${reply}` : reply;
}

/** Small talk is answered as such unless the message also found something it asked for. */
function isOnlySmallTalk(found: Answer | null): boolean {
  return (
    !found ||
    ((found.request.turn === "chit-chat" || !found.request.understood.length) && found.products.length === 0)
  );
}

/** The shop's delivery settings, read only when a shopper asks about delivery. */
async function policiesFor(deps: AssistantDeps, talk: SmallTalk): Promise<ShopPolicies | null> {
  if (talk !== "shipping") return null;
  try {
    const { pricing } = await loadSellerConfig(deps.db);
    return {
      flatShipping: settingCents(pricing.flat_shipping),
      freeShippingOver: settingCents(pricing.free_shipping_threshold),
      taxRatePct: pricing.tax_rate_pct,
    };
  } catch {
    return null;
  }
}

/**
 * What to say to talk: the kind detected, or — for a message that asked for nothing the engine
 * could read ("hmm, not sure") — how to ask.
 */
async function talkReply(
  deps: AssistantDeps,
  talk: SmallTalk | null,
  names: ShoppingCatalogNames,
  seed: number,
  message = "",
): Promise<string> {
  const kind = talk ?? "help";
  const policies = await policiesFor(deps, kind);
  return answerSmallTalk(kind, {
    assistantName: ASSISTANT_NAME,
    seed,
    categories: names.categories,
    policies,
    shopPage: await shopPageFor(deps, kind, message),
  });
}

/** The passage of the merchant's pages that best answers a question about the shop, if any. */
async function shopPageFor(
  deps: AssistantDeps,
  talk: SmallTalk,
  message: string,
): Promise<ShopPagePassage | null> {
  if (!SHOP_PAGE_QUESTIONS.includes(talk) || message.trim() === "") return null;
  try {
    const [best] = (await searchPolicies(deps.db, message, 1)).results;
    return best ? { title: best.title, text: best.text, path: best.path } : null;
  } catch (error) {
    deps.logger.warn({ err: error }, "the shop's pages could not be searched; the general answer is given");
    return null;
  }
}

/**
 * A question about the assistant, the shop or delivery is answered, never searched for; so is a
 * goodbye or thanks ("ok thats all thx"): every word of it is courtesy, none asks for anything.
 */
function mayAlsoSearch(talk: SmallTalk | null): boolean {
  return !talk || talk === "greeting";
}

/** The shopper's last messages, oldest first: all the built-in engine reads. */
function shopperMessages(messages: Message[]): string[] {
  return messages
    .filter((m) => m.role === "user")
    .map((m) => m.content)
    .slice(-BUILT_IN_MESSAGES);
}

/** The built-in engine: read the conversation, search, answer honestly and say what changed. */
export async function* builtInTurn(deps: AssistantDeps, messages: Message[]): AsyncGenerator<AssistantEvent> {
  const userMessages = shopperMessages(messages);
  // What the catalogue puts together, once learned, tells a sibling kind from a trait.
  const learned = await learnedCatalogue(deps);
  const names = { ...(await catalogNames(deps.db)), tagsTogether: learned?.tagsTogether };
  const seed = userMessages.length;
  const talk = detectSmallTalk(userMessages.at(-1) ?? "");
  const found = mayAlsoSearch(talk) ? await answer(deps, userMessages, names) : null;
  if (talk && isOnlySmallTalk(found)) {
    yield { type: "text", text: await talkReply(deps, talk, names, seed, userMessages.at(-1)) };
    return;
  }
  if (!found) return;
  // Talk the engine could not place ("hmm, not sure yet") is answered with how to ask.
  if (found.request.turn === "chit-chat" && found.products.length === 0) {
    yield { type: "text", text: await talkReply(deps, null, names, seed) };
    return;
  }
  yield { type: "text", text: replyOf(found, seed) };
  if (found.products.length > 0) yield { type: "products", products: found.products };
}
