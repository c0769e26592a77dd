import { describe, expect, it } from "vitest";
import { isUploadImageType, sniffImageType, UPLOADED_IMAGE_FILE, uploadedImageType } from "./image-upload.ts";

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
