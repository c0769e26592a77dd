import type { ShippingZoneBody } from "@haggle/contract/shipping";
import type { ShippingZone } from "@haggle/domain/markets/shipping-zones";
import { asc, countDistinct, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { shippingMethods, shippingZones } from "../../platform/db/schema/shipping.ts";
import { variantsRead } from "../catalog/index.ts";

/** Every zone with its methods, in the order the merchant made them (one query each). */
export async function loadZones(db: Queryable): Promise<ShippingZone[]> {
  const zones = await db
    .select()
    .from(shippingZones)
    .orderBy(asc(shippingZones.createdAt), asc(shippingZones.id));
  if (zones.length === 0) return [];
  const methods = await db
    .select()
    .from(shippingMethods)
    .orderBy(asc(shippingMethods.createdAt), asc(shippingMethods.id));
  return zones.map((zone) => ({
    id: zone.id,
    name: zone.name,
    places: zone.places,
    methods: methods
      .filter((m) => m.zoneId === zone.id)
      .map((m) => ({
        id: m.id,
        name: m.name,
        price: m.price,
        freeOver: m.freeOver,
        days: { min: m.daysMin, max: m.daysMax },
      })),
  }));
}

function methodRows(zoneId: string, body: ShippingZoneBody) {
  // One timestamp a method apart, so the methods keep the order the merchant listed them in.
  const now = Date.now();
  return body.methods.map((m, i) => ({
    zoneId,
    name: m.name,
    price: m.price,
    freeOver: m.freeOver,
    daysMin: m.days.min,
    daysMax: m.days.max,
    createdAt: new Date(now + i),
  }));
}

export async function insertZone(db: Queryable, body: ShippingZoneBody): Promise<string> {
  const [zone] = await db
    .insert(shippingZones)
    .values({ name: body.name, places: body.places })
    .returning({ id: shippingZones.id });
  await db.insert(shippingMethods).values(methodRows(zone!.id, body));
  return zone!.id;
}

/** Replaces a zone's name, places and methods; false when there is no such zone. */
export async function replaceZone(db: Queryable, id: string, body: ShippingZoneBody): Promise<boolean> {
  const updated = await db
    .update(shippingZones)
    .set({ name: body.name, places: body.places, updatedAt: new Date() })
    .where(eq(shippingZones.id, id))
    .returning({ id: shippingZones.id });
  if (updated.length === 0) return false;
  await db.delete(shippingMethods).where(eq(shippingMethods.zoneId, id));
  await db.insert(shippingMethods).values(methodRows(id, body));
  return true;
}

export async function deleteZone(db: Queryable, id: string): Promise<boolean> {
  const gone = await db
    .delete(shippingZones)
    .where(eq(shippingZones.id, id))
    .returning({ id: shippingZones.id });
  return gone.length > 0;
}

/** Products with at least one variant that has no weight: they count as 0 in weight bands. */
export async function countProductsWithoutWeight(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(variantsRead.productId) })
    .from(variantsRead)
    .where(isNull(variantsRead.weightGrams));
  return Number(row?.n ?? 0);
}
