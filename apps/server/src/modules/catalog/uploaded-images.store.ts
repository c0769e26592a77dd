import { randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Uploaded product pictures live as files in the data folder (DATA_DIR/uploads/images), beside
 * the embedded database: nothing is sent to an outside image host.
 */
export async function saveUploadedImage(dir: string, bytes: Uint8Array, extension: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = `${randomUUID()}.${extension}`;
  await writeFile(path.join(dir, file), bytes, { flag: "wx" });
  return file;
}

/** The stored picture, or null when there is none by that name (the name is already checked). */
export async function readUploadedImage(dir: string, file: string): Promise<Buffer | null> {
  try {
    return await readFile(path.join(dir, file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
