import {
  imageDimensions,
  imageSizeRefusal,
  isUploadImageType,
  sniffImageType,
  UPLOAD_IMAGE_TYPE_MESSAGE,
  UPLOAD_IMAGE_TYPES,
  UPLOADED_IMAGE_FILE,
  type UploadImageType,
  uploadedImageType,
} from "@haggle/domain/catalog/image-upload";
import { invalid, notFound } from "@haggle/domain/errors";
import { readUploadedImage, saveUploadedImage } from "./uploaded-images.store.ts";

export const UPLOADED_IMAGES_PATH = "/images/uploads";
export const NO_UPLOADED_IMAGE = "No uploaded picture has that name.";

/**
 * Keeps a merchant's picture when it is what it says it is (PNG, JPEG, WebP or GIF by its own
 * bytes, not only by its Content-Type) and of a size a browser can decode (as its header says,
 * read without decoding), and answers the path it is served under.
 */
export async function storeUploadedImage(
  dir: string,
  declaredType: string,
  bytes: Uint8Array,
): Promise<string> {
  const declared = declaredType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!isUploadImageType(declared)) throw invalid(UPLOAD_IMAGE_TYPE_MESSAGE, "UNSUPPORTED_IMAGE");
  const actual = sniffImageType(bytes);
  if (actual !== declared) {
    throw invalid(
      `The file is not a ${declared.slice("image/".length).toUpperCase()} picture.`,
      "UNSUPPORTED_IMAGE",
    );
  }
  // A header may claim a size no browser can decode (65535×65535): refused before anyone tries.
  const tooLarge = imageSizeRefusal(imageDimensions(bytes, actual));
  if (tooLarge) throw invalid(tooLarge, "IMAGE_DIMENSIONS");
  const file = await saveUploadedImage(dir, bytes, UPLOAD_IMAGE_TYPES[actual]);
  return `${UPLOADED_IMAGES_PATH}/${file}`;
}

/** A stored picture and its media type; 404 for any other name (no path can leave the folder). */
export async function uploadedImage(
  dir: string,
  file: string,
): Promise<{ bytes: Buffer; type: UploadImageType }> {
  const type = UPLOADED_IMAGE_FILE.test(file) ? uploadedImageType(file) : null;
  if (!type) throw notFound(NO_UPLOADED_IMAGE);
  const bytes = await readUploadedImage(dir, file);
  if (!bytes) throw notFound(NO_UPLOADED_IMAGE);
  return { bytes, type };
}
