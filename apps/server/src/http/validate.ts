import type { Context } from "hono";
import type { z } from "zod";
import { badRequest } from "./http-error.ts";

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request is not valid.";
  const where = issue.path.length > 0 ? issue.path.join(".") : "";
  // Messages written for people already name their field; zod's defaults need the field name.
  return issue.message.endsWith(".") || where === "" ? issue.message : `${where}: ${issue.message}.`;
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(firstIssue(result.error));
  return result.data;
}

/** Query parameters: a repeated key becomes an array, a single one stays a string. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const all = c.req.queries();
  const input: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(all)) {
    for (const v of values) assertNoNul(v);
    input[key] = values.length === 1 ? (values[0] ?? "") : values;
  }
  return parseWith(schema, input);
}

const NUL_CHAR = String.fromCharCode(0);

/** PostgreSQL cannot store U+0000 in text: refuse it up front with a sentence, never a 500. */
export function assertNoNul(text: string) {
  if (text.includes(NUL_CHAR) || text.includes("\\u0000")) throw badRequest("The request contains a NUL character, which is not allowed.");
}

export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  const text = await c.req.text();
  assertNoNul(text);
  try {
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw badRequest("The request body must be valid JSON.", "INVALID_JSON");
  }
  return parseWith(schema, body);
}
