import type { ShippingZone, ShippingZoneBody } from "@haggle/contract/shipping";
import { type SpecShippingZone, specZoneOf } from "@haggle/contract/shipping-zones-spec";
import { notFound } from "@haggle/domain/errors";
import type { Db, Queryable } from "../../platform/db/client.ts";
import { addZone, removeZone, shippingSettingsView, updateZone } from "./shipping.service.ts";

const NO_ZONE = "No shipping zone has that id.";

function zoneIn(zones: readonly ShippingZone[], id: string): ShippingZone {
  const zone = zones.find((z) => z.id === id);
  if (!zone) throw notFound(NO_ZONE);
  return zone;
}

/** The zones of Settings → Shipping in the API spec's shape. */
export async function listSpecZones(db: Queryable): Promise<SpecShippingZone[]> {
  return (await shippingSettingsView(db)).zones.map(specZoneOf);
}

/** Adds the zone as Settings → Shipping does (the same checks): it, in the spec's shape. */
export async function createSpecZone(db: Db, body: ShippingZoneBody): Promise<SpecShippingZone> {
  const id = await addZone(db, body);
  return specZoneOf(zoneIn((await shippingSettingsView(db)).zones, id));
}

/**
 * Changes the parts given (the name, the places, the methods: methods given with their ids keep
 * them, so a shopper who chose one can still check out with it); the rest stays as it is.
 */
export async function patchSpecZone(
  db: Db,
  id: string,
  patch: Partial<ShippingZoneBody>,
): Promise<SpecShippingZone> {
  const current = zoneIn((await shippingSettingsView(db)).zones, id);
  const body: ShippingZoneBody = {
    name: patch.name ?? current.name,
    places: patch.places ?? current.places,
    methods:
      patch.methods ??
      current.methods.map((m) => ({
        id: m.id,
        name: m.name,
        price: m.price,
        freeOver: m.freeOver,
        days: m.days,
      })),
  };
  return specZoneOf(zoneIn((await updateZone(db, id, body)).zones, id));
}

export async function deleteSpecZone(db: Db, id: string): Promise<{ id: string; deleted: true }> {
  await removeZone(db, id);
  return { id, deleted: true };
}
