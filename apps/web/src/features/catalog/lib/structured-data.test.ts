import type { ProductDetail } from "@haggle/contract/products";
import { describe, expect, it } from "vitest";
import { makeProduct, withDefaultVariant } from "@/test/make-product";
import { productGroupJsonLd } from "./structured-data";

const url = (path: string) => `https://shop.example${path}`;

/** Size × Colour × Fit: S / Black sold out; Fit is an option schema.org has no property for. */
const tee: ProductDetail = {
  ...makeProduct("tee", { name: "Trail Tee", slug: "trail-tee", sku: "TEE", price: 2500, listPrice: 3000 }),
  options: [
    { name: "Size", values: ["S", "M"] },
    { name: "Colour", values: ["Black"] },
    { name: "Fit", values: ["Slim"] },
  ],
  variants: ["S", "M"].map((size) => ({
    id: `tee-${size}`,
    sku: `TEE-${size}`,
    optionValues: [size, "Black", "Slim"],
    title: `${size} / Black / Slim`,
    price: size === "M" ? 2700 : 2500,
    listPrice: 3000,
    stockLevel: size === "S" ? 0 : 4,
    inStock: size !== "S",
    imageUrl: `/images/tee-${size}.svg`,
  })),
};

describe("productGroupJsonLd", () => {
  it("describes a product with options as a ProductGroup varying by its options, one Product per variant", () => {
    const group = productGroupJsonLd(tee, url) as Record<string, unknown>;
    expect(group).toMatchObject({
      "@type": "ProductGroup",
      productGroupID: "TEE",
      name: "Trail Tee",
      variesBy: ["https://schema.org/size", "https://schema.org/color"],
    });
    // The group itself has no offer or SKU of its own: its variants do.
    expect(group.offers).toBeUndefined();
    expect(group.sku).toBeUndefined();
    expect(group.hasVariant).toEqual([
      expect.objectContaining({
        "@type": "Product",
        name: "Trail Tee — S / Black / Slim",
        sku: "TEE-S",
        size: "S",
        color: "Black",
        image: "https://shop.example/images/tee-S.svg",
        additionalProperty: [{ "@type": "PropertyValue", name: "Fit", value: "Slim" }],
        offers: expect.objectContaining({
          url: expect.stringMatching(/^https:\/\/shop\.example\/products\/.+\?variant=tee-S$/),
          price: "25.00",
          availability: "https://schema.org/OutOfStock",
        }),
      }),
      expect.objectContaining({
        sku: "TEE-M",
        size: "M",
        offers: expect.objectContaining({ price: "27.00", availability: "https://schema.org/InStock" }),
      }),
    ]);
  });

  it("keeps a product without options one Product with its offer", () => {
    const lamp = withDefaultVariant(makeProduct("lamp", { name: "Desk Lamp", price: 4000 }));
    expect(productGroupJsonLd(lamp, url)).toMatchObject({
      "@type": "Product",
      sku: "SKU-lamp",
      offers: { price: "40.00", availability: "https://schema.org/InStock" },
    });
  });
});
