import { describe, expect, it } from "vitest";
import {
  imageDimensions,
  imageSizeRefusal,
  isUploadImageType,
  sniffImageType,
  UPLOADED_IMAGE_FILE,
  uploadedImageType,
} from "./image-upload.ts";

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe("uploaded pictures", () => {
  it("are recognised by their first bytes, not by what they claim", () => {
    expect(sniffImageType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe("image/png");
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(sniffImageType(bytes("GIF89a", 1))).toBe("image/gif");
    expect(sniffImageType(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "))).toBe("image/webp");
    expect(sniffImageType(bytes("<svg xmlns=", 0))).toBeNull();
    expect(sniffImageType(bytes("RIFF", 0, 0, 0, 0, "WAVE"))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  it("accept raster types only, and are served under a random name with their extension", () => {
    expect(isUploadImageType("image/png")).toBe(true);
    expect(isUploadImageType("image/svg+xml")).toBe(false);
    expect(isUploadImageType("toString")).toBe(false);
    expect(UPLOADED_IMAGE_FILE.test("0b8f2c1e-8d7a-4c55-9a0e-2f6f5b1c9d3e.png")).toBe(true);
    expect(UPLOADED_IMAGE_FILE.test("../secret.png")).toBe(false);
    expect(UPLOADED_IMAGE_FILE.test("0b8f2c1e-8d7a-4c55-9a0e-2f6f5b1c9d3e.svg")).toBe(false);
    expect(uploadedImageType("x.jpg")).toBe("image/jpeg");
    expect(uploadedImageType("x.svg")).toBeNull();
  });
});

describe("an uploaded picture's size", () => {
  const png = (width: number, height: number) => {
    const b = new Uint8Array(33);
    b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(b.buffer).setUint32(16, width);
    new DataView(b.buffer).setUint32(20, height);
    return b;
  };

  it("is read from each format's header without decoding", () => {
    expect(imageDimensions(png(640, 480), "image/png")).toEqual({ width: 640, height: 480 });
    expect(imageDimensions(bytes("GIF89a", 0x80, 0x02, 0xe0, 0x01), "image/gif")).toEqual({
      width: 640,
      height: 480,
    });
    // SOI, an APP0 of 4 bytes, then SOF0: precision 8, height 480, width 640.
    const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 17, 8, 0x01, 0xe0, 0x02, 0x80, 3);
    expect(imageDimensions(jpeg, "image/jpeg")).toEqual({ width: 640, height: 480 });
    const vp8x = bytes("RIFF", 0, 0, 0, 0, "WEBPVP8X", 10, 0, 0, 0, 0, 0, 0, 0, 0x7f, 0x02, 0, 0xdf, 0x01, 0);
    expect(imageDimensions(vp8x, "image/webp")).toEqual({ width: 640, height: 480 });
    expect(imageDimensions(png(1, 1).subarray(0, 20), "image/png")).toBeNull();
  });

  it("is refused past 10,000 pixels a side or 40 megapixels, or when the header does not say", () => {
    expect(imageSizeRefusal({ width: 4000, height: 6000 })).toBeNull();
    expect(imageSizeRefusal(imageDimensions(png(65535, 65535), "image/png"))).toBe(
      "The picture is 65535×65535 pixels: at most 10,000 pixels on a side and 40 megapixels are accepted.",
    );
    expect(imageSizeRefusal({ width: 9000, height: 9000 })).toMatch(/^The picture is 9000×9000 pixels/);
    expect(imageSizeRefusal(null)).toMatch(/cannot be read/);
    expect(imageSizeRefusal({ width: 0, height: 10 })).toMatch(/cannot be read/);
  });
});
