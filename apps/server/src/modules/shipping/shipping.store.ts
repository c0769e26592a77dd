import type { ShippingZoneBody } from "@haggle/contract/shipping";
import type { ShippingZone } from "@haggle/domain/markets/shipping-zones";
import { and, asc, countDistinct, eq, isNull, notInArray, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { preparedStatement } from "../../platform/db/prepared.ts";
import { shippingMethods, shippingZones } from "../../platform/db/schema/shipping.ts";
import { variantsRead } from "../catalog/index.ts";

// Every quote reads the zones: their SQL is built once (preparedStatement).
const zonesStatement = preparedStatement("shipping_zones", (q) =>
  q.select().from(shippingZones).orderBy(asc(shippingZones.createdAt), asc(shippingZones.id)),
);

/** Every zone with its methods, in the order the merchant made them (one query each). */
export async function loadZones(db: Queryable): Promise<ShippingZone[]> {
  const zones = await zonesStatement(db, {});
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

/**
 * Every zone with its methods as one JSON value of a larger statement (the shop's terms read at
 * once), in loadZones's shape and order: `sql` reads them, `read` answers them.
 */
export const zonesPart = {
  sql: sql`(select coalesce(json_agg(json_build_object(
      'id', z.id, 'name', z.name, 'places', z.places,
      'methods', (select coalesce(json_agg(json_build_object(
          'id', m.id, 'name', m.name, 'price', m.price, 'freeOver', m.free_over,
          'days', json_build_object('min', m.days_min, 'max', m.days_max)
        ) order by m.created_at, m.id), '[]')
        from ${shippingMethods} m where m.zone_id = z.id)
    ) order by z.created_at, z.id), '[]') from ${shippingZones} z)`,
  read: (value: unknown): ShippingZone[] => value as ShippingZone[],
};

function methodRow(zoneId: string, m: ShippingZoneBody["methods"][number]) {
  return {
    zoneId,
    name: m.name,
    price: m.price,
    freeOver: m.freeOver,
    daysMin: m.days.min,
    daysMax: m.days.max,
  };
}

function newMethodRows(zoneId: string, methods: ShippingZoneBody["methods"]) {
  // One timestamp a method apart, so the methods keep the order the merchant listed them in.
  const now = Date.now();
  return methods.map((m, i) => ({ ...methodRow(zoneId, m), createdAt: new Date(now + i) }));
}

export async function insertZone(db: Queryable, body: ShippingZoneBody): Promise<string> {
  const [zone] = await db
    .insert(shippingZones)
    .values({ name: body.name, places: body.places })
    .returning({ id: shippingZones.id });
  await db.insert(shippingMethods).values(newMethodRows(zone!.id, body.methods));
  return zone!.id;
}

/**
 * Replaces a zone's name, places and methods. A method sent with its id keeps that id (updated in
 * place), one without is new, and the zone's methods not sent are removed. "unknown-method" when a
 * sent id is not one of this zone's methods (nothing is written then: the caller's transaction
 * rolls back on the refusal it throws).
 */
export async function replaceZone(
  db: Queryable,
  id: string,
  body: ShippingZoneBody,
): Promise<"replaced" | "no-zone" | "unknown-method"> {
  const updated = await db
    .update(shippingZones)
    .set({ name: body.name, places: body.places, updatedAt: new Date() })
    .where(eq(shippingZones.id, id))
    .returning({ id: shippingZones.id });
  if (updated.length === 0) return "no-zone";
  const standing = new Set(
    (
      await db.select({ id: shippingMethods.id }).from(shippingMethods).where(eq(shippingMethods.zoneId, id))
    ).map((m) => m.id),
  );
  const kept = body.methods.filter((m) => m.id !== undefined);
  const keptIds = kept.map((m) => m.id!);
  if (keptIds.some((m) => !standing.has(m)) || new Set(keptIds).size < keptIds.length)
    return "unknown-method";
  await db
    .delete(shippingMethods)
    .where(
      keptIds.length > 0
        ? and(eq(shippingMethods.zoneId, id), notInArray(shippingMethods.id, keptIds))
        : eq(shippingMethods.zoneId, id),
    );
  for (const m of kept)
    await db
      .update(shippingMethods)
      .set({ ...methodRow(id, m), updatedAt: new Date() })
      .where(eq(shippingMethods.id, m.id!));
  const added = body.methods.filter((m) => m.id === undefined);
  if (added.length > 0) await db.insert(shippingMethods).values(newMethodRows(id, added));
  return "replaced";
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
