import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";

/**
 * ACP 2026-04-17's JSON Schema bundle as published (spec/2026-04-17/json-schema/
 * schema.agentic_checkout.json, pinned in fixtures/), and a check that an answer fits one of
 * its definitions. Each check is counted per definition, so a test can report how many answers
 * it validated.
 */
const bundle = JSON.parse(
  readFileSync(new URL("../fixtures/acp-2026-04-17.schema.json", import.meta.url), "utf8"),
) as { $id: string };

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addSchema(bundle);

/** How many answers each definition validated, with 0 violations (a violation fails the test). */
export const acp2026Validated = new Map<string, number>();

export function expectAcp2026(definition: string, value: unknown): void {
  const validate = ajv.getSchema(`${bundle.$id}#/$defs/${definition}`);
  if (!validate) throw new Error(`The ACP 2026-04-17 schema has no ${definition}.`);
  const ok = validate(value);
  expect(ok ? [] : validate.errors, `${definition}: ${JSON.stringify(value).slice(0, 2000)}`).toEqual([]);
  acp2026Validated.set(definition, (acp2026Validated.get(definition) ?? 0) + 1);
}
