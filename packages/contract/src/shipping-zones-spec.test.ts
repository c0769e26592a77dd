import { describe, expect, it } from "vitest";
import {
  SpecShippingZoneBodySchema,
  SpecShippingZonePatchSchema,
  specZoneOf,
} from "./shipping-zones-spec.ts";

const ZONE = {
  name: "North America",
  countries: ["us", "CA"],
  regions: ["US-CA", "ca-bc"],
  methods: [
    {
      name: "By value",
      kind: "value",
      bands: [
        { from: 0, to: 50, price: 8 },
        { from: 50, price: 4 },
      ],
      deliveryDays: { min: 2, max: 4 },
    },
  ],
};

describe("the API spec's shipping zone", () => {
  it("reads into Settings → Shipping's body: places per country, bands by their upper bound, cents", () => {
    const body = SpecShippingZoneBodySchema.parse(ZONE);
    expect(body.places).toEqual([
      { country: "US", regions: ["CA"] },
      { country: "CA", regions: ["BC"] },
    ]);
    expect(body.methods[0]).toEqual({
      name: "By value",
      price: {
        kind: "value",
        bands: [
          { upTo: 5000, amount: 800 },
          { upTo: null, amount: 400 },
        ],
      },
      freeOver: null,
      days: { min: 2, max: 4 },
    });
  });

  it("answers a zone with bands from where the one before ended, and regions with their country", () => {
    const body = SpecShippingZoneBodySchema.parse(ZONE);
    const methods = body.methods.map((m, i) => ({ ...m, id: `m${i}` }));
    const spec = specZoneOf({ id: "z", name: body.name, places: body.places, methods } as never);
    expect(spec.regions).toEqual(["US-CA", "CA-BC"]);
    expect(spec.methods[0]!.bands).toEqual([
      { from: 0, to: 5000, price: 800 },
      { from: 5000, to: null, price: 400 },
    ]);
  });

  it("refuses a bare region beside two countries, and places changed in part", () => {
    expect(SpecShippingZoneBodySchema.safeParse({ ...ZONE, regions: ["BC"] }).success).toBe(false);
    expect(
      SpecShippingZoneBodySchema.safeParse({ ...ZONE, countries: ["CA"], regions: ["BC"] }).success,
    ).toBe(true);
    expect(SpecShippingZonePatchSchema.safeParse({ regions: ["US-CA"] }).success).toBe(false);
    expect(SpecShippingZonePatchSchema.parse({ name: "Renamed" })).toEqual({ name: "Renamed" });
  });
});
