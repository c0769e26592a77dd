import { ApiErrorSchema } from "@haggle/contract/errors";
import type { z } from "zod";

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

async function toApiError(response: Response): Promise<ApiRequestError> {
  const parsed = ApiErrorSchema.safeParse(await readJson(response));
  if (parsed.success) {
    return new ApiRequestError(response.status, parsed.data.error.code, parsed.data.error.message);
  }
  return new ApiRequestError(response.status, "HTTP_ERROR", `Request failed with status ${response.status}`);
}

/**
 * Calls the shop's own API (same origin, session cookie included). Non-2xx answers throw an
 * ApiRequestError carrying the server's message; with a schema, the body is parsed by it.
 */
export function apiFetch<T>(path: string, options: ApiFetchOptions & { schema: z.ZodType<T> }): Promise<T>;
export function apiFetch(path: string, options?: ApiFetchOptions): Promise<unknown>;
export async function apiFetch<T>(
  path: string,
  options: ApiFetchOptions & { schema?: z.ZodType<T> } = {},
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

  const response = await fetch(path, init);
  if (!response.ok) throw await toApiError(response);

  const data = await readJson(response);
  if (!schema) return data;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Response of ${path} does not match the contract`, parsed.error.issues);
    throw new UnexpectedResponseError(path, parsed.error);
  }
  return parsed.data;
}
