import type { ParsedShoppingRequest } from "@haggle/domain/assistant/parse-shopping-request";
import type { SearchPlan } from "@haggle/domain/assistant/relax-shopping-request";

/** The phrase the relaxations use for dropping the gift tag. */
export const GIFT_TAG_RELAXED = "the gift tag";

/**
 * A gift with a subject ("something for my mom's kitchen", "a present for a runner") asks for
 * things of that subject; that someone will give them is no property of the things. The gift
 * tag then filters nothing: searched with it, the few gift-tagged things near the subject (a
 * candle, a blanket beside the kitchen's kettle) crowded out the subject's own. Without a
 * subject ("gifts under $100") the tag is all that says what to show, and stays a filter; so
 * it does for a need's or an interest's broad kinds ("for my grandma who is always cold":
 * anything warm), where the merchant's gift tag picks the giftable ones (a blanket, slippers
 * before an insulated bottle), and is relaxed as before when none fits.
 * Returns the plans unchanged, or without the gift tag (the step that only dropped it is gone).
 */
export function giftSoftened<T extends { plan: SearchPlan; relaxed: string[] }>(
  request: ParsedShoppingRequest,
  base: SearchPlan,
  plans: T[],
): { plans: T[]; soft: boolean } {
  const hasSubject = base.text.trim() !== "" || request.subjectWords.length > 0;
  if (!hasSubject || !base.filters.tags.includes("gift")) return { plans, soft: false };
  const softened = plans
    .filter((s) => !(s.relaxed.length === 1 && s.relaxed[0] === GIFT_TAG_RELAXED))
    .map((s) => ({
      ...s,
      plan: {
        ...s.plan,
        filters: { ...s.plan.filters, tags: s.plan.filters.tags.filter((t) => t !== "gift") },
      },
      relaxed: s.relaxed.filter((p) => p !== GIFT_TAG_RELAXED),
    }));
  return { plans: softened, soft: true };
}

/** What the reply says was relaxed: the gift tag too when none of the things shown carries it. */
export function withGiftNote(
  relaxed: string[],
  soft: boolean,
  shown: readonly { tags: string[] }[],
): string[] {
  if (!soft || shown.length === 0 || shown.some((p) => p.tags.includes("gift"))) return relaxed;
  return [GIFT_TAG_RELAXED, ...relaxed.filter((p) => p !== GIFT_TAG_RELAXED)];
}
