import {
  DiscountCodeDeletedSchema,
  DiscountCodeListSchema,
  DiscountCodeSchema,
} from "@haggle/contract/discounts";
import { DiscountCodePatchRequestSchema, DiscountCodeRequestSchema } from "@haggle/contract/discounts-spec";
import { z } from "zod";
import { type ApiRoute, defineRoute, pathId } from "../../http/route.ts";
import { deleteDiscountCode, patchDiscountCode } from "./discount-code-edits.service.ts";
import {
  createDiscountCode,
  discountCodeById,
  listDiscountCodes,
  updateDiscountCode,
} from "./discounts.service.ts";

const CodeParams = z.object({ id: pathId("No discount code has that id.") });

/** The merchant's discount codes: list, create, edit (deactivating is an edit: active false). */
export const discountRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/merchant/discount-codes",
    summary: "Every discount code, newest first, with its terms and how many orders used it",
    tag: "Merchant",
    access: "merchant",
    response: DiscountCodeListSchema,
    handler: async (c) => await listDiscountCodes(c.get("deps").database.db),
  }),
  defineRoute({
    method: "post",
    path: "/api/merchant/discount-codes",
    summary:
      "Create a code: percent off, amount off or free shipping; optional minimum subtotal, start and end, total uses, uses per customer, products or categories, and whether it combines with Ava's negotiated discount. The code is stored upper case without spaces; 409 when another code has it",
    tag: "Merchant",
    access: "merchant",
    body: DiscountCodeRequestSchema,
    status: 201,
    response: DiscountCodeSchema,
    handler: async (c, { body }) => await createDiscountCode(c.get("deps").database.db, body),
  }),
  defineRoute({
    method: "get",
    path: "/api/merchant/discount-codes/{id}",
    summary: "One discount code",
    tag: "Merchant",
    access: "merchant",
    params: CodeParams,
    response: DiscountCodeSchema,
    handler: async (c, { params }) => await discountCodeById(c.get("deps").database.db, params.id),
  }),
  defineRoute({
    method: "put",
    path: "/api/merchant/discount-codes/{id}",
    summary:
      "Replace a code's terms (the whole body, as when creating); active false deactivates it, and carts holding it are told it is no longer available. Its uses so far stay",
    tag: "Merchant",
    access: "merchant",
    params: CodeParams,
    body: DiscountCodeRequestSchema,
    response: DiscountCodeSchema,
    handler: async (c, { params, body }) =>
      await updateDiscountCode(c.get("deps").database.db, params.id, body),
  }),
  defineRoute({
    method: "patch",
    path: "/api/merchant/discount-codes/{id}",
    summary:
      "Change some of a code's terms (the fields of the whole body, each optional); the others stay. The same checks as replacing it",
    tag: "Merchant",
    access: "merchant",
    params: CodeParams,
    body: DiscountCodePatchRequestSchema,
    response: DiscountCodeSchema,
    handler: async (c, { params, body }) =>
      await patchDiscountCode(c.get("deps").database.db, params.id, body),
  }),
  defineRoute({
    method: "delete",
    path: "/api/merchant/discount-codes/{id}",
    summary:
      "Remove a code no order used (carts holding it let go of it); a code orders used is deactivated and kept instead, with its uses (`deleted` false, the code in `code`)",
    tag: "Merchant",
    access: "merchant",
    params: CodeParams,
    response: DiscountCodeDeletedSchema,
    handler: async (c, { params }) => await deleteDiscountCode(c.get("deps").database.db, params.id),
  }),
];
