import { describe, expect, it } from "vitest";
import { type ShippingZone, shippingOptionsFor, zoneFor, zoneProblems } from "./shipping-zones.ts";

const standard = { id: "std", name: "Standard", freeOver: 10_000, days: { min: 3, max: 5 } } as const;
const zones: ShippingZone[] = [
  {
    id: "us",
    name: "United States",
    places: [{ country: "US" }],
    methods: [
      {
        ...standard,
        price: {
          kind: "weight",
          bands: [
            { upToGrams: 1000, amount: 599 },
            { upToGrams: 5000, amount: 1299 },
          ],
        },
      },
      {
        id: "exp",
        name: "Express",
        price: { kind: "flat", amount: 2500 },
        freeOver: null,
        days: { min: 1, max: 2 },
      },
    ],
  },
  {
    id: "us-remote",
    name: "Alaska and Hawaii",
    places: [{ country: "US", regions: ["AK", "HI"] }],
    methods: [{ ...standard, price: { kind: "flat", amount: 1999 }, freeOver: null }],
  },
  {
    id: "nyc",
    name: "New York City",
    places: [{ country: "US", regions: ["NY"], postalPrefixes: ["100", "101"] }],
    methods: [
      {
        id: "bike",
        name: "Bike courier",
        price: { kind: "flat", amount: 0 },
        freeOver: null,
        days: { min: 0, max: 1 },
      },
    ],
  },
  {
    id: "eu",
    name: "Europe",
    places: [{ country: "DE" }, { country: "FR" }],
    methods: [
      {
        ...standard,
        price: {
          kind: "value",
          bands: [
            { upTo: 5000, amount: 900 },
            { upTo: null, amount: 500 },
          ],
        },
        freeOver: 15_000,
      },
    ],
  },
];

describe("shipping zones", () => {
  it("picks the closest zone: postal prefix, then region, then country", () => {
    expect(zoneFor({ country: "us", region: "ny", postalCode: "10001" }, zones)?.id).toBe("nyc");
    expect(zoneFor({ country: "US", region: "NY", postalCode: "14201" }, zones)?.id).toBe("us");
    expect(zoneFor({ country: "US", region: "HI", postalCode: "96801" }, zones)?.id).toBe("us-remote");
    expect(zoneFor({ country: "FR" }, zones)?.id).toBe("eu");
    expect(zoneFor({ country: "JP" }, zones)).toBeNull();
    expect(
      zoneFor({ country: "JP" }, [
        ...zones,
        { id: "world", name: "World", places: [{ country: "*" }], methods: [] },
      ])?.id,
    ).toBe("world");
  });

  it("offers the methods that serve the parcel, cheapest first, with estimates", () => {
    const answer = shippingOptionsFor(
      { country: "US", region: "CA" },
      { value: 4000, weightGrams: 800 },
      zones,
    );
    expect(answer.served && answer.options.map((o) => [o.name, o.amount, o.days.max])).toEqual([
      ["Standard", 599, 5],
      ["Express", 2500, 2],
    ]);
    const heavy = shippingOptionsFor(
      { country: "US", region: "CA" },
      { value: 4000, weightGrams: 9000 },
      zones,
    );
    expect(heavy.served && heavy.options.map((o) => o.name)).toEqual(["Express"]);
    const free = shippingOptionsFor({ country: "US" }, { value: 10_000, weightGrams: 9000 }, zones);
    expect(free.served && free.options[0]).toMatchObject({ name: "Standard", amount: 0 });
  });

  it("prices by value bands and the free-over threshold", () => {
    const at = (value: number) => {
      const answer = shippingOptionsFor({ country: "DE" }, { value, weightGrams: 0 }, zones);
      return answer.served ? answer.options[0]?.amount : null;
    };
    expect([at(1000), at(5000), at(5001), at(14_999), at(15_000)]).toEqual([900, 900, 500, 500, 0]);
  });

  it("says so, before payment, when no zone serves the address", () => {
    expect(shippingOptionsFor({ country: "jp" }, { value: 1, weightGrams: 1 }, zones)).toEqual({
      served: false,
      reason: "We don't ship to JP yet.",
    });
  });

  it("tells the merchant what is wrong with a zone", () => {
    expect(zoneProblems(zones)).toEqual([]);
    expect(
      zoneProblems([
        { id: "x", name: "Nowhere", places: [], methods: [] },
        {
          id: "y",
          name: "Bands",
          places: [{ country: "GB" }],
          methods: [
            {
              id: "m",
              name: "Post",
              price: {
                kind: "weight",
                bands: [
                  { upToGrams: 500, amount: 1 },
                  { upToGrams: 100, amount: 2 },
                ],
              },
              freeOver: null,
              days: { min: 3, max: 1 },
            },
          ],
        },
      ]),
    ).toEqual([
      "The zone “Nowhere” ships nowhere: add a country.",
      "The zone “Nowhere” has no shipping method.",
      "“Post” in “Bands”: each band must end above the one before.",
      "“Post” in “Bands”: the delivery estimate must run from fewer days to more.",
    ]);
  });
});
