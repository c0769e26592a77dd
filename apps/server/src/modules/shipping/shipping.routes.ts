import { ShippingSettingsSchema, ShippingZoneBodySchema } from "@haggle/contract/shipping";
import { z } from "zod";
import {
  SpecShippingZoneBodySchema,
  SpecShippingZonePatchSchema,
  SpecShippingZoneSchema,
  SpecShippingZonesSchema,
} from "@haggle/contract/shipping-zones-spec";
import { type ApiRoute, defineRoute, pathId } from "../../http/route.ts";
import {
  createSpecZone,
  deleteSpecZone,
  listSpecZones,
  patchSpecZone,
} from "./shipping-zones-spec.service.ts";
import { createZone, removeZone, shippingSettingsView, updateZone } from "./shipping.service.ts";

const ZoneParams = z.object({ id: pathId("No shipping zone has that id.") });

/** Settings → Shipping: the shop's zones and their methods (none: the flat fee and threshold). */
export const shippingRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/merchant/shipping",
    summary:
      "The shop's shipping zones with their methods, the sentences to fix, and how many products lack a weight (they count as 0 in weight bands). No zone: the flat fee and free-over threshold apply",
    tag: "Merchant",
    access: "merchant",
    response: ShippingSettingsSchema,
    handler: async (c) => await shippingSettingsView(c.get("deps").database.db),
  }),
  defineRoute({
    method: "post",
    path: "/api/merchant/shipping/zones",
    summary:
      "Add a zone: its places (countries, optionally regions or postal-code prefixes) and methods (flat, by weight bands or by order value bands, a free-over amount, a delivery estimate). Amounts in the currency's smallest unit",
    tag: "Merchant",
    access: "merchant",
    body: ShippingZoneBodySchema,
    status: 201,
    response: ShippingSettingsSchema,
    handler: async (c, { body }) => await createZone(c.get("deps").database.db, body),
  }),
  defineRoute({
    method: "put",
    path: "/api/merchant/shipping/zones/{id}",
    summary: "Replace a zone's name, places and methods (the whole body, as when adding)",
    tag: "Merchant",
    access: "merchant",
    params: ZoneParams,
    body: ShippingZoneBodySchema,
    response: ShippingSettingsSchema,
    handler: async (c, { params, body }) => await updateZone(c.get("deps").database.db, params.id, body),
  }),
  defineRoute({
    method: "delete",
    path: "/api/merchant/shipping/zones/{id}",
    summary: "Remove a zone and its methods; with none left, the flat fee and threshold apply again",
    tag: "Merchant",
    access: "merchant",
    params: ZoneParams,
    response: ShippingSettingsSchema,
    handler: async (c, { params }) => await removeZone(c.get("deps").database.db, params.id),
  }),
  defineRoute({
    method: "get",
    path: "/api/merchant/shipping-zones",
    summary:
      "The same zones in the API spec's shape: {id, name, countries, regions (US-CA), postalPrefixes, methods: [{id, name, kind, bands: [{from, to, price}], freeOver, deliveryDays}]}",
    tag: "Merchant",
    access: "merchant",
    response: SpecShippingZonesSchema,
    handler: async (c) => await listSpecZones(c.get("deps").database.db),
  }),
  defineRoute({
    method: "post",
    path: "/api/merchant/shipping-zones",
    summary:
      "Add a zone in the API spec's shape (a flat method's price is its one band's); the same checks and sentences as Settings → Shipping. Weight bands in grams, prices in the shop's currency",
    tag: "Merchant",
    access: "merchant",
    body: SpecShippingZoneBodySchema,
    status: 201,
    response: SpecShippingZoneSchema,
    handler: async (c, { body }) => await createSpecZone(c.get("deps").database.db, body),
  }),
  defineRoute({
    method: "patch",
    path: "/api/merchant/shipping-zones/{id}",
    summary:
      "Change a zone's name, places (countries with their regions and prefixes, together) or methods (given with their ids, they keep them); the rest stays",
    tag: "Merchant",
    access: "merchant",
    params: ZoneParams,
    body: SpecShippingZonePatchSchema,
    response: SpecShippingZoneSchema,
    handler: async (c, { params, body }) => await patchSpecZone(c.get("deps").database.db, params.id, body),
  }),
  defineRoute({
    method: "delete",
    path: "/api/merchant/shipping-zones/{id}",
    summary: "Remove a zone and its methods; with none left, the flat fee and threshold apply again",
    tag: "Merchant",
    access: "merchant",
    params: ZoneParams,
    response: z.object({ id: z.string(), deleted: z.literal(true) }),
    handler: async (c, { params }) => await deleteSpecZone(c.get("deps").database.db, params.id),
  }),
];
