/** An error answer of the API: its HTTP status, machine code and human sentence. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
  }
}

/** A 2xx answer whose body does not match the contract: a bug on one side, not the user's fault. */
export class UnexpectedResponseError extends Error {
  constructor(path: string, cause: unknown) {
    super(`Unexpected response from ${path}`, { cause });
    this.name = "UnexpectedResponseError";
  }
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface ApiFetchOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with its own media type (an upload); instead of body. */
  file?: Blob;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A schema, or a function that imports it. zod and the contract's schemas are about 27 KB gzip:
 * the modules of a first page name their schemas by loader so that none of it is part of the
 * page's initial JavaScript (e2e/initial-js-budget.spec.ts); it loads with the first request,
 * while that request is on its way, and every answer is still parsed by the contract.
 */
export type SchemaSource<T> = AnswerParser<T> | (() => Promise<AnswerParser<T>>);

/** What an answer is parsed with: a zod schema, or a check as small as the answer is. */
export interface AnswerParser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

function loadSchema<T>(source: SchemaSource<T>): Promise<AnswerParser<T>> {
  return typeof source === "function" ? source() : Promise.resolve(source);
}

async function toApiError(response: Response): Promise<ApiRequestError> {
  const [{ ApiErrorSchema }, body] = await Promise.all([
    import("@haggle/contract/errors"),
    readJson(response),
  ]);
  const parsed = ApiErrorSchema.safeParse(body);
  if (parsed.success) {
    return new ApiRequestError(response.status, parsed.data.error.code, parsed.data.error.message);
  }
  return new ApiRequestError(response.status, "HTTP_ERROR", `Request failed with status ${response.status}`);
}

/**
 * Calls the shop's own API (same origin, session cookie included). Non-2xx answers throw an
 * ApiRequestError carrying the server's message; with a schema, the body is parsed by it.
 */
export function apiFetch<T>(path: string, options: ApiFetchOptions & { schema: SchemaSource<T> }): Promise<T>;
export function apiFetch(path: string, options?: ApiFetchOptions): Promise<unknown>;
export async function apiFetch<T>(
  path: string,
  options: ApiFetchOptions & { schema?: SchemaSource<T> } = {},
): Promise<T | unknown> {
  const { method = "GET", body, file, headers, signal, schema } = options;
  const init: RequestInit = {
    method,
    credentials: "include",
    headers: {
      Accept: "application/json",
      ...(file
        ? { "Content-Type": file.type }
        : body === undefined
          ? {}
          : { "Content-Type": "application/json" }),
      ...headers,
    },
  };
  if (file) init.body = file;
  else if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;

  // The schema loads while the request is on its way.
  const schemaReady = schema ? loadSchema(schema) : undefined;
  // A failed request must not leave this promise rejected and unobserved.
  schemaReady?.catch(() => undefined);
  const response = await fetch(path, init);
  if (!response.ok) throw await toApiError(response);

  const data = await readJson(response);
  if (!schemaReady) return data;
  const parsed = (await schemaReady).safeParse(data);
  if (!parsed.success) {
    console.error(`Response of ${path} does not match the contract`, parsed.error);
    throw new UnexpectedResponseError(path, parsed.error);
  }
  return parsed.data;
}
