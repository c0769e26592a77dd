import { CONFIG_SECTION_SCHEMAS, type ConfigType, type SellerConfigDto } from "@haggle/contract/merchant";
import { type FieldErrors, get } from "react-hook-form";
import { z } from "zod";
import { choicePaths } from "./config-fields";

/** A settings form's text values, keyed by the dotted path of each number in its section. */
export type FieldValues = Record<string, string>;

/** {a: 1, b: {c: 2}} -> {"a": "1", "b.c": "2"}: what the inputs show. */
export function toFieldValues(section: object, prefix = ""): FieldValues {
  const values: FieldValues = {};
  for (const [key, value] of Object.entries(section)) {
    const path = prefix === "" ? key : `${prefix}.${key}`;
    if (value !== null && typeof value === "object") Object.assign(values, toFieldValues(value, path));
    else values[path] = String(value);
  }
  return values;
}

/** A typed text as a number; blank or not a number is NaN, which the schema words as "must be a number". */
export function readNumber(text: string | undefined): number {
  const trimmed = (text ?? "").trim();
  return trimmed === "" ? Number.NaN : Number(trimmed);
}

/** {"a": "1", "b.c": "2"} -> {a: 1, b: {c: 2}}; the `words` paths (choices) stay text. */
export function fromFieldValues(values: FieldValues, words: readonly string[] = []): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [path, text] of Object.entries(values)) {
    const keys = path.split(".");
    let node = result;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) {
        node[key] = words.includes(path) ? text : readNumber(text);
        return;
      }
      const child = node[key];
      if (child === undefined || child === null || typeof child !== "object") node[key] = {};
      node = node[key] as Record<string, unknown>;
    });
  }
  return result;
}

/** A settings form's values as react-hook-form keeps them: the section's shape, every number as typed text. */
export type SectionTexts = Record<string, unknown>;

/** {a: 1, b: {c: 2}} -> {a: "1", b: {c: "2"}} */
export function toSectionTexts(section: object): SectionTexts {
  const texts: SectionTexts = {};
  for (const [key, value] of Object.entries(section)) {
    texts[key] = value !== null && typeof value === "object" ? toSectionTexts(value) : String(value);
  }
  return texts;
}

/**
 * The typed texts read as numbers and checked with the contract's schema for the section: the
 * server's own rules and words, for the zod resolver.
 */
export function sectionFormSchema<T extends ConfigType>(
  configType: T,
): z.ZodType<SellerConfigDto[T], SectionTexts> {
  const schema = z
    .record(z.string(), z.unknown())
    .transform((texts) => fromFieldValues(toFieldValues(texts), choicePaths(configType)))
    .pipe(CONFIG_SECTION_SCHEMAS[configType]);
  // Indexing the schemas by a generic key loses the pairing TypeScript cannot see; it holds.
  return schema as unknown as z.ZodType<SellerConfigDto[T], SectionTexts>;
}

/** The paths of the groups the fields sit in ("thresholds" for "thresholds.GOLD"), and "" for the whole section. */
function groupPaths(fieldPaths: readonly string[]): string[] {
  const groups = new Set([""]);
  for (const path of fieldPaths) {
    const keys = path.split(".");
    for (let end = 1; end < keys.length; end += 1) groups.add(keys.slice(0, end).join("."));
  }
  return [...groups];
}

export interface SectionMessages {
  /** The message for each field path. */
  fieldErrors: Record<string, string>;
  /** Messages about a group of fields (e.g. thresholds that must rise), keyed by the group's path. */
  groupErrors: Record<string, string>;
}

/** The messages of a form's errors (read by path), split into those of fields and those of groups. */
export function sectionMessages(
  messageAt: (path: string) => string | undefined,
  fieldPaths: readonly string[],
): SectionMessages {
  const fieldErrors: Record<string, string> = {};
  const groupErrors: Record<string, string> = {};
  for (const path of fieldPaths) {
    const message = messageAt(path);
    if (message !== undefined) fieldErrors[path] = message;
  }
  for (const group of groupPaths(fieldPaths)) {
    const message = messageAt(group);
    if (message !== undefined) groupErrors[group] = message;
  }
  return { fieldErrors, groupErrors };
}

/** A message at `path` of react-hook-form's nested errors ("" holds a rule about the whole section). */
export function errorMessageAt(errors: FieldErrors, path: string): string | undefined {
  const error: unknown = path === "" ? errors[""] : get(errors, path);
  if (error === null || typeof error !== "object" || !("message" in error)) return undefined;
  return typeof error.message === "string" ? error.message : undefined;
}

/** Whether the typed values differ from the saved ones (as numbers: "15.0" is still 15; words as words). */
export function differs(values: FieldValues, saved: FieldValues): boolean {
  return Object.keys(saved).some((path) => {
    const typed = readNumber(values[path]);
    const stored = readNumber(saved[path]);
    if (Number.isNaN(typed) && Number.isNaN(stored))
      return (values[path] ?? "").trim() !== (saved[path] ?? "").trim();
    return typed !== stored;
  });
}
