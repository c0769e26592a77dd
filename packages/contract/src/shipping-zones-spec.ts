import { z } from "zod";
import { MoneySchema } from "./money.ts";
import { type ShippingZone, ShippingZoneBodySchema } from "./shipping.ts";

/**
 * The API spec's shape of a shipping zone (/api/merchant/shipping-zones): countries with regions
 * (ISO 3166-2, "US-CA") and postal prefixes beside them, and each method's price as bands
 * `{from, to?, price}`. It is read into Settings → Shipping's own body (the same checks and
 * sentences) and answered from its zones, so both routes keep one table.
 */

const codes = (label: string) =>
  z.array(z.string({ error: `Each of ${label} must be text.` }), { error: `${label} must be a list.` });

const band = z.object({
  from: z.number({ error: "A band's from must be a number." }),
  to: z.number({ error: "A band's to must be a number." }).nullable().optional(),
  price: z.number({ error: "A band's price must be a number." }),
});

const days = z.object(
  { min: z.number({ error: "Delivery days must be a number." }), max: z.number() },
  { error: "deliveryDays is {min, max}." },
);

const SpecMethodBodySchema = z.object({
  id: z.string().optional(),
  name: z.unknown(),
  kind: z.enum(["flat", "weight", "value"], { error: "A method's kind is flat, weight or value." }),
  bands: z.array(band, { error: "A method's bands are a list." }).min(1, "A method needs at least one band."),
  freeOver: z.number({ error: "freeOver must be a number." }).nullable().optional(),
  deliveryDays: days,
});
type SpecMethodBody = z.infer<typeof SpecMethodBodySchema>;

const BARE_REGION = "With more than one country, a region is its ISO 3166-2 code, such as US-CA.";
/** Whether every region names its country, as it must when the zone has more than one. */
const regionsPlaced = (b: { countries?: string[] | undefined; regions?: string[] | undefined }) =>
  (b.countries?.length ?? 0) <= 1 || (b.regions ?? []).every((r) => r.includes("-"));

/** A country's places: its own regions ("US-CA" for US; a bare "CA" when it is the only country). */
function placesOf(countries: string[], regions: string[] | undefined, postalPrefixes: string[] | undefined) {
  return countries.map((raw) => {
    const country = raw.trim().toUpperCase();
    const own = (regions ?? [])
      .map((r) => r.trim().toUpperCase())
      .filter((r) => !r.includes("-") || r.startsWith(`${country}-`))
      .map((r) => r.slice(r.indexOf("-") + 1));
    return {
      country,
      ...(own.length ? { regions: own } : {}),
      ...(postalPrefixes?.length ? { postalPrefixes } : {}),
    };
  });
}

function methodOf(m: SpecMethodBody) {
  const price =
    m.kind === "flat"
      ? { kind: "flat", amount: m.bands[0]?.price }
      : m.kind === "weight"
        ? { kind: "weight", bands: m.bands.map((b) => ({ upToGrams: b.to ?? null, amount: b.price })) }
        : { kind: "value", bands: m.bands.map((b) => ({ upTo: b.to ?? null, amount: b.price })) };
  return {
    ...(m.id ? { id: m.id } : {}),
    name: m.name,
    price,
    freeOver: m.freeOver ?? null,
    days: m.deliveryDays,
  };
}

const specFields = {
  name: z.unknown(),
  countries: codes("countries").min(1, "A zone ships somewhere: add a country."),
  regions: codes("regions").optional(),
  postalPrefixes: codes("postalPrefixes").optional(),
  methods: z.array(SpecMethodBodySchema, { error: "methods must be a list." }),
};

/** POST: the whole zone, read into Settings → Shipping's body. */
export const SpecShippingZoneBodySchema = z
  .object(specFields)
  .refine(regionsPlaced, BARE_REGION)
  .transform((b) => ({
    name: b.name,
    places: placesOf(b.countries, b.regions, b.postalPrefixes),
    methods: b.methods.map(methodOf),
  }))
  .pipe(ShippingZoneBodySchema);

/** PATCH: the parts given (places change together: countries, with regions and prefixes). */
export const SpecShippingZonePatchSchema = z
  .object({
    name: z.unknown().optional(),
    countries: specFields.countries.optional(),
    regions: specFields.regions,
    postalPrefixes: specFields.postalPrefixes,
    methods: specFields.methods.optional(),
  })
  .refine(
    (b) => b.countries !== undefined || (b.regions === undefined && b.postalPrefixes === undefined),
    "Give countries with regions or postalPrefixes: the zone's places change together.",
  )
  .refine(regionsPlaced, BARE_REGION)
  .transform((b) => ({
    ...(b.name !== undefined ? { name: b.name } : {}),
    ...(b.countries ? { places: placesOf(b.countries, b.regions, b.postalPrefixes) } : {}),
    ...(b.methods ? { methods: b.methods.map(methodOf) } : {}),
  }))
  .pipe(ShippingZoneBodySchema.partial());

const methodAnswer = <B extends z.ZodType>(kind: "flat" | "weight" | "value", bandSchema: B) =>
  z.object({
    id: z.string(),
    name: z.string(),
    kind: z.literal(kind),
    bands: z.array(bandSchema),
    freeOver: MoneySchema.nullable(),
    deliveryDays: z.object({ min: z.number().int(), max: z.number().int() }),
  });
const moneyBand = z.object({ from: MoneySchema, to: MoneySchema.nullable(), price: MoneySchema });

export const SpecShippingZoneSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    countries: z.array(z.string()),
    regions: z.array(z.string()),
    postalPrefixes: z.array(z.string()),
    /** Weight bands from/to in grams; value bands and every price in the shop's currency. */
    methods: z.array(
      z.discriminatedUnion("kind", [
        methodAnswer("flat", moneyBand),
        methodAnswer("weight", z.object({ from: z.number(), to: z.number().nullable(), price: MoneySchema })),
        methodAnswer("value", moneyBand),
      ]),
    ),
  })
  .meta({ id: "SpecShippingZone" });
export type SpecShippingZone = z.infer<typeof SpecShippingZoneSchema>;
export const SpecShippingZonesSchema = z.array(SpecShippingZoneSchema);

/** Bands from/to: each band starts where the one before it ended. */
function bandsOf<T>(bands: readonly T[], upTo: (b: T) => number | null, price: (b: T) => number) {
  return bands.map((b, i) => ({
    from: i === 0 ? 0 : (upTo(bands[i - 1]!) ?? 0),
    to: upTo(b),
    price: price(b),
  }));
}

/** A zone of Settings → Shipping in the API spec's shape. */
export function specZoneOf(zone: ShippingZone): SpecShippingZone {
  const unique = (xs: string[]) => [...new Set(xs)];
  return {
    id: zone.id,
    name: zone.name,
    countries: zone.places.map((p) => p.country),
    regions: unique(zone.places.flatMap((p) => (p.regions ?? []).map((r) => `${p.country}-${r}`))),
    postalPrefixes: unique(zone.places.flatMap((p) => p.postalPrefixes ?? [])),
    methods: zone.methods.map((m) => {
      const base = { id: m.id, name: m.name, freeOver: m.freeOver, deliveryDays: m.days };
      if (m.price.kind === "flat")
        return { ...base, kind: "flat" as const, bands: [{ from: 0, to: null, price: m.price.amount }] };
      if (m.price.kind === "weight")
        return {
          ...base,
          kind: "weight" as const,
          bands: bandsOf(
            m.price.bands,
            (b) => b.upToGrams,
            (b) => b.amount,
          ),
        };
      return {
        ...base,
        kind: "value" as const,
        bands: bandsOf(
          m.price.bands,
          (b) => b.upTo,
          (b) => b.amount,
        ),
      };
    }),
  };
}
