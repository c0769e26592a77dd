import type { ShippingZone, ShippingZoneBodyInput } from "@haggle/contract/shipping";
import { ShippingZoneBodySchema } from "@haggle/contract/shipping";
import { toDollars } from "@haggle/domain/pricing/money";

export type PriceKind = "flat" | "weight" | "value";

/** A method as typed: amounts in dollars, bands one per line ("up to, price"; "*" for no upper end). */
export interface MethodForm {
  /** A saved method's id, sent back so it keeps it (a shopper may have chosen it); none when new. */
  id?: string;
  name: string;
  kind: PriceKind;
  flat: string;
  bands: string;
  freeOver: string;
  daysMin: string;
  daysMax: string;
}

export interface ZoneForm {
  name: string;
  /** "US, CA" */
  countries: string;
  regions: string;
  postalPrefixes: string;
  methods: MethodForm[];
}

export const EMPTY_METHOD: MethodForm = {
  name: "",
  kind: "flat",
  flat: "",
  bands: "",
  freeOver: "",
  daysMin: "",
  daysMax: "",
};

export const EMPTY_ZONE: ZoneForm = {
  name: "",
  countries: "",
  regions: "",
  postalPrefixes: "",
  methods: [EMPTY_METHOD],
};

const list = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim().replace(",", ".")));

/** Band lines ("up to, price", "*" for no upper end) as [upper end, price] pairs. */
function bandsOf(text: string): [number | null, number][] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const [end = "", price = ""] = line.split(/[\s:]+/);
      return [end === "*" ? null : numberOf(end), numberOf(price)];
    });
}

function methodBody(m: MethodForm) {
  const price =
    m.kind === "flat"
      ? { kind: "flat" as const, amount: numberOf(m.flat) }
      : m.kind === "weight"
        ? {
            kind: "weight" as const,
            bands: bandsOf(m.bands).map(([upToGrams, amount]) => ({ upToGrams, amount })),
          }
        : { kind: "value" as const, bands: bandsOf(m.bands).map(([upTo, amount]) => ({ upTo, amount })) };
  return {
    ...(m.id ? { id: m.id } : {}),
    name: m.name,
    price,
    freeOver: m.freeOver.trim() === "" ? null : numberOf(m.freeOver),
    days: { min: numberOf(m.daysMin), max: numberOf(m.daysMax) },
  };
}

/** The form as the API takes it, or the first sentence saying what is wrong (the API's own rules). */
export function zoneBodyOf(form: ZoneForm): { body: ShippingZoneBodyInput } | { error: string } {
  const regions = list(form.regions);
  const postalPrefixes = list(form.postalPrefixes);
  const body = {
    name: form.name,
    places: list(form.countries).map((country) => ({
      country,
      ...(regions.length > 0 ? { regions } : {}),
      ...(postalPrefixes.length > 0 ? { postalPrefixes } : {}),
    })),
    methods: form.methods.map(methodBody),
  };
  const parsed = ShippingZoneBodySchema.safeParse(body);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Check the zone." };
  return { body };
}

const dollars = (cents: number) => String(toDollars(cents));

/** A stored zone back into the form, to edit it. */
export function zoneFormOf(zone: ShippingZone): ZoneForm {
  const first = zone.places[0];
  return {
    name: zone.name,
    countries: zone.places.map((p) => p.country).join(", "),
    regions: first?.regions?.join(", ") ?? "",
    postalPrefixes: first?.postalPrefixes?.join(", ") ?? "",
    methods: zone.methods.map((m) => ({
      id: m.id,
      name: m.name,
      kind: m.price.kind,
      flat: m.price.kind === "flat" ? dollars(m.price.amount) : "",
      bands:
        m.price.kind === "weight"
          ? m.price.bands.map((b) => `${b.upToGrams ?? "*"} ${dollars(b.amount)}`).join("\n")
          : m.price.kind === "value"
            ? m.price.bands
                .map((b) => `${b.upTo === null ? "*" : dollars(b.upTo)} ${dollars(b.amount)}`)
                .join("\n")
            : "",
      freeOver: m.freeOver === null ? "" : dollars(m.freeOver),
      daysMin: String(m.days.min),
      daysMax: String(m.days.max),
    })),
  };
}
