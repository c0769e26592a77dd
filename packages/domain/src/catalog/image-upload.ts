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
