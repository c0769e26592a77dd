import { invalid, invalidField } from "@haggle/domain/errors";
import type { z } from "zod";

/* An ACP request's JSON body read by a version's schema, each refusal named by the spec's JSONPath. */

/** A zod issue path as the spec's JSONPath: ["items", 0, "id"] -> $.items[0].id. */
function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (at, part) => (typeof part === "number" ? `${at}[${part}]` : `${at}.${String(part)}`),
    "$",
  );
}

export function parseBody<S extends z.ZodType>(schema: S | null, text: string): z.output<S> | undefined {
  if (!schema) return undefined;
  if (text.includes("\u0000") || text.includes("\\u0000"))
    throw invalid("The request contains a NUL character, which is not allowed.", "INVALID");
  let json: unknown;
  try {
    json = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw invalid("The request body must be valid JSON.", "INVALID_JSON");
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const unknownKey = issue.code === "unrecognized_keys" ? issue.keys[0] : undefined;
  const path = unknownKey ? [...issue.path, unknownKey] : issue.path;
  const message = unknownKey
    ? `${unknownKey} is not a field of this request.`
    : issue.message.endsWith(".")
      ? issue.message
      : `${jsonPath(issue.path)}: ${issue.message}.`;
  throw invalidField(jsonPath(path), message);
}
