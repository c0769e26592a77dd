import type { ShoppingCatalogNames } from "./catalog-names.ts";

/** The seeded catalogue's categories and a handful of its real brands (domain imports no app code). */
export const catalog: ShoppingCatalogNames = {
  categories: [
    "Footwear",
    "Audio",
    "Electronics",
    "Apparel",
    "Home & Kitchen",
    "Outdoor",
    "Fitness",
    "Beauty",
    "Accessories",
    "Toys & Games",
    "Books",
  ],
  brands: [
    "Nike",
    "Adidas",
    "Sony",
    "Kestrel",
    "Northpeak",
    "Tonic Labs",
    "Lumen Botanics",
    "Atlas Leather",
    "Tinker Town",
    "Fieldnote Press",
    "Maison Rue",
    "Alder Knit",
    "Brewhaus",
  ],
};
