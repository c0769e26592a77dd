import {
  type DiscountCode as CodeDto,
  type DiscountCodeBody,
  type DiscountCodePatch,
  discountTermsProblems,
} from "@haggle/contract/discounts";
import { specValueTerm } from "@haggle/contract/discounts-spec";
import { invalidField } from "@haggle/domain/errors";
import type { Db } from "../../platform/db/client.ts";
import { discountCodeById, updateDiscountCode } from "./discounts.service.ts";
import { deleteUnusedCodeRow } from "./discounts.store.ts";

/** The terms of a code as its whole body (what PUT takes), from the code as the merchant sees it. */
function bodyOf(code: CodeDto): DiscountCodeBody {
  const { id: _id, usedCount: _used, createdAt: _created, ...terms } = code;
  const {
    value: _v,
    minSubtotal: _m,
    usageLimit: _u,
    perCustomerLimit: _p,
    combinesWithNegotiation: _c,
    timesUsed: _t,
    ...ours
  } = terms;
  return ours;
}

/**
 * PATCH: the code's terms with these changed, saved as PUT saves the whole body (the same checks:
 * a percent code needs its percentage, the end after the start; 409 for another code's text).
 */
export async function patchDiscountCode(
  db: Db,
  id: string,
  { value, ...patch }: DiscountCodePatch & { value?: number },
): Promise<CodeDto> {
  const current = await discountCodeById(db, id);
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  // The API spec's value without a kind: the code's own kind says what it is.
  if (value !== undefined) {
    const read = specValueTerm(current.kind, value);
    if (read.problem !== null) throw invalidField("value", read.problem);
    Object.assign(changes, read.term);
  }
  const body: DiscountCodeBody = { ...bodyOf(current), ...changes };
  const [problem] = discountTermsProblems(body);
  if (problem) throw invalidField(problem.path, problem.message);
  return await updateDiscountCode(db, id, body);
}

/**
 * DELETE: a code no order used is removed (carts holding it let go of it); a code with uses is
 * deactivated and kept, so its orders' record of it and its use counts stay (404 for an unknown id).
 */
export async function deleteDiscountCode(
  db: Db,
  id: string,
): Promise<{ id: string; deleted: boolean; code: CodeDto | null }> {
  const current = await discountCodeById(db, id);
  if (await deleteUnusedCodeRow(db, id)) return { id, deleted: true, code: null };
  const code = await updateDiscountCode(db, id, { ...bodyOf(current), active: false });
  return { id, deleted: false, code };
}
