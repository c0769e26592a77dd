/**
 * The first message of a react-hook-form error for one field. A list field keeps its messages
 * per item (`tags.0`), so the field's own message may sit one level down.
 */
export function fieldErrorMessage(error: unknown): string | undefined {
  if (error === null || typeof error !== "object") return undefined;
  if ("message" in error && typeof error.message === "string" && error.message !== "") return error.message;
  for (const [key, inner] of Object.entries(error)) {
    // `ref` is the input element; `types` repeats the messages already looked at.
    if (key === "ref" || key === "types") continue;
    const message = fieldErrorMessage(inner);
    if (message !== undefined) return message;
  }
  return undefined;
}

/** The message of a rule about the whole form: the zod resolver files it under the empty path. */
export function formRuleMessage(errors: object): string | undefined {
  return fieldErrorMessage((errors as Record<string, unknown>)[""]);
}
