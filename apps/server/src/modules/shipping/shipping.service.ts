import type {
  ShippingSettings,
  ShippingZone as ShippingZoneDto,
  ShippingZoneBody,
} from "@haggle/contract/shipping";
import { invalid, notFound } from "@haggle/domain/errors";
import { type CartShipping, cartShipping } from "@haggle/domain/markets/cart-shipping";
import {
  type MethodPrice,
  type ShippingAddress,
  type ShippingZone as DomainZone,
  zoneProblems,
} from "@haggle/domain/markets/shipping-zones";
import type { CartQuote, ChosenShipping } from "@haggle/domain/pricing/quote-cart";
import type { Db, Queryable } from "../../platform/db/client.ts";
import { listAddressRows } from "../addresses/index.ts";
import {
  countProductsWithoutWeight,
  deleteZone,
  insertZone,
  loadZones,
  replaceZone,
} from "./shipping.store.ts";

/** The answer's copy of a price (the domain's bands are read-only). */
function priceDto(price: MethodPrice): ShippingZoneDto["methods"][number]["price"] {
  if (price.kind === "flat") return { kind: "flat", amount: price.amount };
  if (price.kind === "weight") return { kind: "weight", bands: price.bands.map((b) => ({ ...b })) };
  return { kind: "value", bands: price.bands.map((b) => ({ ...b })) };
}

function zoneDto(zone: DomainZone): ShippingZoneDto {
  return {
    id: zone.id,
    name: zone.name,
    places: zone.places.map((p) => ({
      country: p.country,
      ...(p.regions ? { regions: [...p.regions] } : {}),
      ...(p.postalPrefixes ? { postalPrefixes: [...p.postalPrefixes] } : {}),
    })),
    methods: zone.methods.map((m) => ({
      ...m,
      price: priceDto(m.price),
      days: { ...m.days },
    })),
  };
}

export async function shippingSettingsView(db: Queryable): Promise<ShippingSettings> {
  const zones = await loadZones(db);
  return {
    zones: zones.map(zoneDto),
    problems: zoneProblems(zones),
    productsWithoutWeight: await countProductsWithoutWeight(db),
  };
}

/** A zone the domain finds unsound (bands out of order, days the wrong way) is refused with its sentences. */
function assertSound(body: ShippingZoneBody): void {
  const problems = zoneProblems([
    {
      id: "new",
      name: body.name,
      places: body.places,
      methods: body.methods.map((m, i) => ({ ...m, id: String(i) })),
    },
  ]);
  if (problems.length > 0) throw invalid(problems.join(" "), "SHIPPING_ZONE_INVALID");
}

/** Adds a sound zone with its methods: its id. */
export async function addZone(db: Db, body: ShippingZoneBody): Promise<string> {
  assertSound(body);
  return await db.transaction(async (tx) => await insertZone(tx, body));
}

export async function createZone(db: Db, body: ShippingZoneBody): Promise<ShippingSettings> {
  await addZone(db, body);
  return await shippingSettingsView(db);
}

export async function updateZone(db: Db, id: string, body: ShippingZoneBody): Promise<ShippingSettings> {
  assertSound(body);
  await db.transaction(async (tx) => {
    const answer = await replaceZone(tx, id, body);
    if (answer === "no-zone") throw notFound("No shipping zone has that id.");
    if (answer === "unknown-method")
      throw invalid(
        "A method's id is not one of this zone's methods. Reload the zone and save it again.",
        "SHIPPING_ZONE_INVALID",
      );
  });
  return await shippingSettingsView(db);
}

export async function removeZone(db: Db, id: string): Promise<ShippingSettings> {
  if (!(await deleteZone(db, id))) throw notFound("No shipping zone has that id.");
  return await shippingSettingsView(db);
}

/**
 * How a cart ships to an address by the shop's zones (`flat` when it has none): the options,
 * each priced by the cart's own quote (`quoteWith`), and the chosen one.
 */
export async function shippingForCart(
  db: Queryable,
  input: {
    address: ShippingAddress;
    weightGrams: number;
    methodId?: string | null;
    quoteWith: (chosen: ChosenShipping) => CartQuote;
    /** The shop's zones when the caller read them already (loadZones), else read here. */
    zones?: Awaited<ReturnType<typeof loadZones>>;
  },
): Promise<CartShipping> {
  return cartShipping({ ...input, zones: input.zones ?? (await loadZones(db)) });
}

/**
 * The shipping a cart shows before checkout: the cheapest method at the shopper's last used
 * address; with no zones, no address yet, or one no zone serves, the flat fee (checkout decides).
 */
export async function shippingForShopper(
  db: Queryable,
  userId: string | null,
  weightGrams: number,
  quoteWith: (chosen: ChosenShipping) => CartQuote,
  /** The shop's zones when the caller read them already (loadZones), else read here. */
  known?: Awaited<ReturnType<typeof loadZones>>,
): Promise<ChosenShipping | undefined> {
  const zones = known ?? (await loadZones(db));
  if (zones.length === 0 || !userId) return undefined;
  const [last] = await listAddressRows(db, userId);
  if (!last) return undefined;
  const answer = cartShipping({ address: last, zones, weightGrams, quoteWith });
  return answer.kind === "served" ? answer.chosen : undefined;
}
