import { describe, expect, it } from "vitest";
import { parseAddressFlag } from "./address-flag.ts";

describe("the reference agent's --address flag", () => {
  it("reads key=value pairs into a checked address", () => {
    expect(
      parseAddressFlag(
        "name=Ada Lovelace; line1=1 Market Street;city=San Francisco;region=CA;postalCode=94105;country=us",
      ),
    ).toEqual({
      address: {
        name: "Ada Lovelace",
        line1: "1 Market Street",
        city: "San Francisco",
        region: "CA",
        postalCode: "94105",
        country: "US",
      },
    });
  });

  it("answers a sentence for an unknown field, a missing one or a bad postal code", () => {
    expect(parseAddressFlag("street=1 Main St")).toMatchObject({
      problem: expect.stringContaining('not "street=1 Main St"'),
    });
    expect(parseAddressFlag("name=Ada;line1=1 Main St;country=US")).toMatchObject({
      problem: expect.stringContaining("City is required."),
    });
    expect(
      parseAddressFlag("name=Ada;line1=1 Main St;city=SF;region=CA;postalCode=ABC;country=US"),
    ).toMatchObject({
      problem: expect.stringMatching(/^--address: .*postal|ZIP/i),
    });
  });
});
