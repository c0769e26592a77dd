import { type DomainError, invalid, notFound } from "@haggle/domain/errors";
import type { z } from "zod";
import type { AppContext } from "./context.ts";
import type { ApiRoute } from "./route.ts";

function firstIssueSentence(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return "The request is not valid.";
  const where = issue.path.length > 0 ? issue.path.join(".") : "";
  // Messages written for people already name their field; zod's defaults need the field name.
  return issue.message.endsWith(".") || where === "" ? issue.message : `${where}: ${issue.message}.`;
}

/**
 * The validation hook: the first issue as one sentence (400). A custom issue may carry
 * `params.notFound` (a malformed path id names nothing: 404 with its sentence as written) or
 * `params.code` (its own error code).
 */
export function validationError(error: z.ZodError): DomainError {
  const issue = error.issues[0];
  const params =
    issue?.code === "custom"
      ? (issue.params as { notFound?: boolean; code?: string } | undefined)
      : undefined;
  if (issue && params?.notFound) return notFound(issue.message);
  return invalid(firstIssueSentence(issue), params?.code);
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

const NUL_CHAR = String.fromCharCode(0);

export const NUL_REFUSED = "The request contains a NUL character, which is not allowed.";

/** PostgreSQL cannot store U+0000 in text: refuse it up front with a sentence, never a 500. */
export function assertNoNul(text: string) {
  if (text.includes(NUL_CHAR) || text.includes("\\u0000")) throw invalid(NUL_REFUSED);
}

/** Query parameters: a repeated key becomes an array, a single one stays a string. */
function readQuery(c: AppContext): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    for (const v of values) assertNoNul(v);
    input[key] = values.length === 1 ? (values[0] ?? "") : values;
  }
  return input;
}

/** The body as JSON whatever its content type; an empty body is `{}`. */
async function readJsonBody(c: AppContext): Promise<unknown> {
  const text = await c.req.text();
  assertNoNul(text);
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalid("The request body must be valid JSON.", "INVALID_JSON");
  }
}

export interface RouteInputValues {
  params: unknown;
  query: unknown;
  headers: unknown;
  body: unknown;
}

/** Reads and checks a request's input against its route's declaration: path, query, headers, then body. */
export async function readInput(c: AppContext, route: ApiRoute): Promise<RouteInputValues> {
  const rawParams = c.req.param() as Record<string, string>;
  for (const value of Object.values(rawParams)) assertNoNul(value);
  const params = route.params ? parseWith(route.params, rawParams) : undefined;
  const query = route.query ? parseWith(route.query, readQuery(c)) : undefined;
  const headers = route.headers ? parseWith(route.headers, c.req.header()) : undefined;
  const bodySchema = route.bodyFor ? route.bodyFor(params) : route.body;
  const body = bodySchema ? parseWith(bodySchema, await readJsonBody(c)) : undefined;
  return { params, query, headers, body };
}
