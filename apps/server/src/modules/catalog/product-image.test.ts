import { describe, expect, it } from "vitest";
import { escapeXml, renderProductSvg } from "./product-image.ts";

const shoe = {
  sku: "FTW-NIK-0001",
  name: "Nike Airstride 5 Running Shoe",
  brand: "Nike",
  category: "Footwear",
};
const XMLNS = 'xmlns="http://www.w3.org/2000/svg"';

describe("renderProductSvg", () => {
  it("returns a standalone SVG document", () => {
    const svg = renderProductSvg(shoe);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
    expect(svg).toContain(XMLNS);
    expect(svg).toContain('viewBox="0 0 600 600"');
  });

  it("has no scripts or external references", () => {
    const svg = renderProductSvg(shoe);
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toMatch(/href/i);
    expect(svg).not.toMatch(/<image/i);
    expect(svg).not.toMatch(/@import|@font-face/i);
    expect(svg.replace(XMLNS, "")).not.toMatch(/http/i);
  });

  it("escapes every piece of text", () => {
    const svg = renderProductSvg({
      sku: "X-1",
      name: `Tom & "Jerry" <3`,
      brand: "Acme & Sons' <b>",
      category: "Toys",
    });
    expect(svg).toContain("Tom &amp; &quot;Jerry&quot; &lt;3");
    expect(svg).toContain("ACME &amp; SONS&apos; &lt;B&gt;");
    expect(svg).not.toContain(`"Jerry"`);
    expect(svg).not.toContain("<3");
    expect(svg).not.toContain("<B>");
    // Every ampersand left in the document must start an entity, or the XML would not parse.
    expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  });

  it("is deterministic and varies by sku", () => {
    expect(renderProductSvg(shoe)).toBe(renderProductSvg({ ...shoe }));
    expect(renderProductSvg({ ...shoe, sku: "FTW-NIK-0002" })).not.toBe(renderProductSvg(shoe));
  });

  it("draws a different illustration per category", () => {
    const body = (category: string) =>
      renderProductSvg({ ...shoe, category })
        .split("<g transform")[1]
        ?.split("</g>")[0];
    expect(body("Footwear")).not.toBe(body("Audio"));
    expect(body("Audio")).not.toBe(body("Books"));
    expect(body("Something New")).toBeTruthy();
  });

  it("drops the brand from the name line and shortens long names", () => {
    const svg = renderProductSvg({
      ...shoe,
      name: "Nike Extremely Long Product Name That Would Overflow The Artwork",
    });
    expect(svg).toContain(">NIKE</text>");
    expect(svg).toMatch(/>Extremely Long[^<]*\u2026<\/text>/);
  });
});

describe("escapeXml", () => {
  it("escapes the five XML special characters", () => {
    expect(escapeXml(`& < > " '`)).toBe("&amp; &lt; &gt; &quot; &apos;");
  });
});
