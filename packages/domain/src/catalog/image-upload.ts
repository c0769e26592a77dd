/** The pictures a merchant may upload for a product: raster formats only (an SVG can carry script). */
export const UPLOAD_IMAGE_TYPES = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
} as const;

export type UploadImageType = keyof typeof UPLOAD_IMAGE_TYPES;
export type UploadImageExtension = (typeof UPLOAD_IMAGE_TYPES)[UploadImageType];

/** The largest picture accepted: 2 MiB. */
export const UPLOAD_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const UPLOAD_IMAGE_TYPE_MESSAGE = "Upload a PNG, JPEG, WebP or GIF picture.";
export const UPLOAD_IMAGE_SIZE_MESSAGE = "The picture can be at most 2 MB.";

export function isUploadImageType(type: string): type is UploadImageType {
  return Object.hasOwn(UPLOAD_IMAGE_TYPES, type);
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0) =>
  bytes.length >= offset + prefix.length && prefix.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The picture's real format from its first bytes (its "magic number"), whatever it claims to be. */
export function sniffImageType(bytes: Uint8Array): UploadImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

/** The name an uploaded picture is stored and served under: a random id and its format's extension. */
export const UPLOADED_IMAGE_FILE =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif)$/;

/** The media type to serve a stored picture with, from its extension. */
export function uploadedImageType(file: string): UploadImageType | null {
  const extension = file.slice(file.lastIndexOf(".") + 1);
  const entry = Object.entries(UPLOAD_IMAGE_TYPES).find(([, ext]) => ext === extension);
  return entry ? (entry[0] as UploadImageType) : null;
}

/** The largest picture accepted, in pixels: a side, and in all (a browser decodes every pixel). */
export const UPLOAD_IMAGE_MAX_SIDE = 10_000;
export const UPLOAD_IMAGE_MAX_PIXELS = 40_000_000;

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => u16be(b, at) * 65_536 + u16be(b, at + 2);

/** A JPEG's size from its first start-of-frame segment (SOF0-SOF15 but DHT, JPG and DAC). */
function jpegDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    // Fill bytes, and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: u16be(bytes, at + 5), width: u16be(bytes, at + 7) };
    at += 2 + u16be(bytes, at + 2);
  }
  return null;
}

/**
 * A picture's size as its header declares it, read without decoding a pixel; null when the
 * header does not say (a truncated or malformed file).
 */
export function imageDimensions(
  bytes: Uint8Array,
  type: UploadImageType,
): { width: number; height: number } | null {
  switch (type) {
    case "image/png":
      return bytes.length >= 24 ? { width: u32be(bytes, 16), height: u32be(bytes, 20) } : null;
    case "image/gif":
      return bytes.length >= 10 ? { width: u16le(bytes, 6), height: u16le(bytes, 8) } : null;
    case "image/jpeg":
      return jpegDimensions(bytes);
    case "image/webp": {
      const chunk = String.fromCharCode(...bytes.subarray(12, 16));
      if (chunk === "VP8 " && bytes.length >= 30)
        return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
      if (chunk === "VP8L" && bytes.length >= 25) {
        const [b1, b2, b3, b4] = [bytes[21] ?? 0, bytes[22] ?? 0, bytes[23] ?? 0, bytes[24] ?? 0];
        return {
          width: 1 + (((b2 & 0x3f) << 8) | b1),
          height: 1 + (((b4 & 0x0f) << 10) | (b3 << 2) | ((b2 & 0xc0) >> 6)),
        };
      }
      if (chunk === "VP8X" && bytes.length >= 30)
        return { width: 1 + u24le(bytes, 24), height: 1 + u24le(bytes, 27) };
      return null;
    }
  }
}

/** Why a picture of that size is refused, or null when it is accepted. */
export function imageSizeRefusal(size: { width: number; height: number } | null): string | null {
  if (!size || size.width < 1 || size.height < 1)
    return "The picture's size cannot be read from its header: upload it again or save it anew.";
  if (
    size.width > UPLOAD_IMAGE_MAX_SIDE ||
    size.height > UPLOAD_IMAGE_MAX_SIDE ||
    size.width * size.height > UPLOAD_IMAGE_MAX_PIXELS
  )
    return `The picture is ${size.width}×${size.height} pixels: at most ${UPLOAD_IMAGE_MAX_SIDE.toLocaleString("en-US")} pixels on a side and ${UPLOAD_IMAGE_MAX_PIXELS / 1_000_000} megapixels are accepted.`;
  return null;
}
