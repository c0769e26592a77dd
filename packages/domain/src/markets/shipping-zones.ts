/**
 * Shipping zones and their methods: which methods serve an address, and what each costs for a
 * parcel. Amounts are integers in the shop currency's minor unit; weights in grams.
 */

/** Where a zone ships: a country (ISO 3166-1 alpha-2, or "*" for the rest of the world), optionally narrowed. */
export interface ZonePlace {
  country: string;
  /** Subdivision codes (ISO 3166-2 without the country: "CA", "NY", "ON"); none = the whole country. */
  regions?: readonly string[];
  /** Postal-code prefixes ("10", "SW1"); none = every postal code. */
  postalPrefixes?: readonly string[];
}

export type MethodPrice =
  | { kind: "flat"; amount: number }
  /** Bands by the parcel's weight: the first band whose `upToGrams` holds it (null = no upper end). */
  | { kind: "weight"; bands: readonly { upToGrams: number | null; amount: number }[] }
  /** Bands by the order's value after discounts: the first band whose `upTo` holds it (null = no upper end). */
  | { kind: "value"; bands: readonly { upTo: number | null; amount: number }[] };

export interface ShippingMethod {
  id: string;
  name: string;
  price: MethodPrice;
  /** Free at or above this order value (after discounts); null = never free. */
  freeOver: number | null;
  /** Delivery estimate in business days. */
  days: { min: number; max: number };
}

export interface ShippingZone {
  id: string;
  name: string;
  places: readonly ZonePlace[];
  methods: readonly ShippingMethod[];
}

export interface ShippingAddress {
  country: string;
  region?: string | null;
  postalCode?: string | null;
}

export interface Parcel {
  /** The order's value after discounts, before tax and shipping. */
  value: number;
  weightGrams: number;
}

export interface ShippingOption {
  zoneId: string;
  methodId: string;
  name: string;
  amount: number;
  days: { min: number; max: number };
}

export type ShippingAnswer =
  | { served: true; zone: ShippingZone; options: ShippingOption[] }
  | { served: false; reason: string };

/** How closely a place matches an address: 0 no match, then country-wide, region, postal prefix (longer closer). */
function closeness(place: ZonePlace, address: ShippingAddress): number {
  const country = address.country.trim().toUpperCase();
  const anywhere = place.country === "*";
  if (!anywhere && place.country.toUpperCase() !== country) return 0;
  let score = anywhere ? 1 : 2;
  if (place.regions && place.regions.length > 0) {
    const region = (address.region ?? "").trim().toUpperCase();
    if (!place.regions.some((r) => r.toUpperCase() === region)) return 0;
    score = 3;
  }
  if (place.postalPrefixes && place.postalPrefixes.length > 0) {
    const postal = (address.postalCode ?? "").replace(/\s+/g, "").toUpperCase();
    const longest = Math.max(
      0,
      ...place.postalPrefixes
        .map((p) => p.replace(/\s+/g, "").toUpperCase())
        .filter((p) => p.length > 0 && postal.startsWith(p))
        .map((p) => p.length),
    );
    if (longest === 0) return 0;
    score = 4 + longest;
  }
  return score;
}

/** The zone that serves an address: the one with the closest place (a postal prefix beats a region beats a country beats "*"). */
export function zoneFor(address: ShippingAddress, zones: readonly ShippingZone[]): ShippingZone | null {
  let best: ShippingZone | null = null;
  let bestScore = 0;
  for (const zone of zones) {
    const score = Math.max(0, ...zone.places.map((place) => closeness(place, address)));
    if (score > bestScore) {
      best = zone;
      bestScore = score;
    }
  }
  return best;
}

/** What a method costs for a parcel, or null when no band holds it (the method does not serve it). */
export function methodAmount(method: ShippingMethod, parcel: Parcel): number | null {
  if (method.freeOver !== null && parcel.value >= method.freeOver) return 0;
  const { price } = method;
  if (price.kind === "flat") return price.amount;
  if (price.kind === "weight") {
    const band = price.bands.find((b) => b.upToGrams === null || parcel.weightGrams <= b.upToGrams);
    return band ? band.amount : null;
  }
  const band = price.bands.find((b) => b.upTo === null || parcel.value <= b.upTo);
  return band ? band.amount : null;
}

/**
 * The methods that serve an address for this parcel, cheapest first (then fastest), or the
 * sentence a shopper reads before payment when none does.
 */
export function shippingOptionsFor(
  address: ShippingAddress,
  parcel: Parcel,
  zones: readonly ShippingZone[],
): ShippingAnswer {
  const zone = zoneFor(address, zones);
  if (!zone) return { served: false, reason: `We don't ship to ${address.country.toUpperCase()} yet.` };
  const options = zone.methods
    .map((method) => ({ method, amount: methodAmount(method, parcel) }))
    .filter((m): m is { method: ShippingMethod; amount: number } => m.amount !== null)
    .map(({ method, amount }) => ({
      zoneId: zone.id,
      methodId: method.id,
      name: method.name,
      amount,
      days: method.days,
    }))
    .sort((a, b) => a.amount - b.amount || a.days.max - b.days.max || a.name.localeCompare(b.name));
  if (options.length === 0)
    return { served: false, reason: "No shipping method takes a parcel this heavy to that address." };
  return { served: true, zone, options };
}

/** A zone set's problems a merchant must fix, as sentences (empty when it is sound). */
export function zoneProblems(zones: readonly ShippingZone[]): string[] {
  const problems: string[] = [];
  for (const zone of zones) {
    if (zone.places.length === 0) problems.push(`The zone “${zone.name}” ships nowhere: add a country.`);
    if (zone.methods.length === 0) problems.push(`The zone “${zone.name}” has no shipping method.`);
    for (const method of zone.methods) {
      const bands = method.price.kind === "flat" ? [] : method.price.bands;
      const ends = bands.map((b) => ("upToGrams" in b ? b.upToGrams : b.upTo));
      const rising = ends.every((end, i) => i === 0 || (end ?? Infinity) > (ends[i - 1] ?? Infinity));
      if (!rising)
        problems.push(`“${method.name}” in “${zone.name}”: each band must end above the one before.`);
      if (method.price.kind !== "flat" && bands.length === 0)
        problems.push(`“${method.name}” in “${zone.name}” has no price band.`);
      if (method.days.min < 0 || method.days.max < method.days.min)
        problems.push(
          `“${method.name}” in “${zone.name}”: the delivery estimate must run from fewer days to more.`,
        );
    }
  }
  return problems;
}
