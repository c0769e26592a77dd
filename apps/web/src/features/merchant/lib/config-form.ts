import type { z } from "zod";

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

/** {"a": "1", "b.c": "2"} -> {a: 1, b: {c: 2}} */
export function fromFieldValues(values: FieldValues): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [path, text] of Object.entries(values)) {
    const keys = path.split(".");
    let node = result;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) {
        node[key] = readNumber(text);
        return;
      }
      const child = node[key];
      if (child === undefined || child === null || typeof child !== "object") node[key] = {};
      node = node[key] as Record<string, unknown>;
    });
  }
  return result;
}

export type SectionCheck<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      /** The first message for each field path. */
      fieldErrors: Record<string, string>;
      /** Messages about a group of fields (e.g. thresholds that must rise), keyed by the group's path. */
      groupErrors: Record<string, string>;
    };

/** Checks the typed values with the contract's schema for the section: the server's own rules and words. */
export function checkSection<T>(schema: z.ZodType<T>, values: FieldValues): SectionCheck<T> {
  const parsed = schema.safeParse(fromFieldValues(values));
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors: Record<string, string> = {};
  const groupErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join(".");
    const target = path in values ? fieldErrors : groupErrors;
    target[path] ??= issue.message;
  }
  return { ok: false, fieldErrors, groupErrors };
}

/** Whether the typed values differ from the saved ones (as numbers: "15.0" is still 15). */
export function differs(values: FieldValues, saved: FieldValues): boolean {
  return Object.keys(saved).some((path) => {
    const typed = readNumber(values[path]);
    const stored = readNumber(saved[path]);
    return !(typed === stored || (Number.isNaN(typed) && Number.isNaN(stored)));
  });
}
