import type { DiscountCode } from "@haggle/contract/discounts";
import { toDollars } from "@haggle/domain/pricing/money";
import type { DiscountCodeWire } from "../../api/discount-codes-api";

/** The form's fields as typed (strings), so a half-typed number stays as the merchant left it. */
export interface CodeForm {
  code: string;
  kind: DiscountCode["kind"];
  percentOff: string;
  amountOff: string;
  minimumSubtotal: string;
  startsAt: string;
  endsAt: string;
  totalUses: string;
  usesPerCustomer: string;
  categories: string;
  productIds: string;
  combinesWithNegotiated: boolean;
  active: boolean;
}

export const EMPTY_FORM: CodeForm = {
  code: "",
  kind: "percent",
  percentOff: "",
  amountOff: "",
  minimumSubtotal: "",
  startsAt: "",
  endsAt: "",
  totalUses: "",
  usesPerCustomer: "",
  categories: "",
  productIds: "",
  combinesWithNegotiated: false,
  active: true,
};

/** An ISO instant as a datetime-local field shows it, in the browser's time zone. */
function localInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const text = (n: number | null) => (n === null ? "" : String(n));

export function formOf(code: DiscountCode): CodeForm {
  return {
    code: code.code,
    kind: code.kind,
    percentOff: text(code.percentOff),
    amountOff: code.amountOff === null ? "" : String(toDollars(code.amountOff)),
    minimumSubtotal: code.minimumSubtotal === null ? "" : String(toDollars(code.minimumSubtotal)),
    startsAt: localInput(code.startsAt),
    endsAt: localInput(code.endsAt),
    totalUses: text(code.totalUses),
    usesPerCustomer: text(code.usesPerCustomer),
    categories: code.categories.join(", "),
    productIds: code.productIds.join(", "),
    combinesWithNegotiated: code.combinesWithNegotiated,
    active: code.active,
  };
}

/** A number field as sent: empty is null; anything else goes as typed (the server says what is wrong). */
function numberOrNull(value: string): number | null {
  const trimmed = value.trim();
  return trimmed === "" ? null : Number(trimmed);
}

const list = (value: string) =>
  value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

export function wireOf(form: CodeForm): DiscountCodeWire {
  return {
    code: form.code,
    kind: form.kind,
    percentOff: form.kind === "percent" ? numberOrNull(form.percentOff) : null,
    amountOff: form.kind === "amount" ? numberOrNull(form.amountOff) : null,
    minimumSubtotal: numberOrNull(form.minimumSubtotal),
    startsAt: form.startsAt ? new Date(form.startsAt).toISOString() : null,
    endsAt: form.endsAt ? new Date(form.endsAt).toISOString() : null,
    totalUses: numberOrNull(form.totalUses),
    usesPerCustomer: numberOrNull(form.usesPerCustomer),
    categories: list(form.categories),
    productIds: list(form.productIds),
    combinesWithNegotiated: form.combinesWithNegotiated,
    active: form.active,
  };
}
