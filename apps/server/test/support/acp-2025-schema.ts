import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";

/**
 * ACP 2025-09-29's JSON Schema bundle as published (spec/2025-09-29/json-schema/
 * schema.agentic_checkout.json of the Agentic Commerce Protocol, Apache-2.0, pinned in
 * fixtures/). Every checkout answer the ACP test client receives in that version is checked
 * against it (`expectAcp2025Answer`), so every ACP test of that version counts: a session, a
 * session with its order, or the spec's error.
 */
const bundle = JSON.parse(
  readFileSync(new URL("../fixtures/acp-2025-09-29.schema.json", import.meta.url), "utf8"),
  // The published bundle says draft 2020-12 but writes one bound in draft 4's way (`minimum: 0,
  // exclusiveMinimum: true` on Item.quantity), which a 2020-12 validator refuses to compile: read
  // as the number 2020-12 means (> 0), the file itself left as published.
  (_key, value) =>
    value && typeof value === "object" && value.exclusiveMinimum === true && typeof value.minimum === "number"
      ? (({ minimum, exclusiveMinimum: _, ...rest }) => ({ ...rest, exclusiveMinimum: minimum }))(value)
      : value,
) as { $id: string };

// Its own instance: the 2026-04-17 bundle has the same $id.
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addSchema(bundle);

/** How many answers each definition validated, with 0 violations (a violation fails the test). */
export const acp2025Validated = new Map<string, number>();

function expectAcp2025(definition: string, value: unknown): void {
  const validate = ajv.getSchema(`${bundle.$id}#/$defs/${definition}`);
  if (!validate) throw new Error(`The ACP 2025-09-29 schema has no ${definition}.`);
  const ok = validate(value);
  expect(ok ? [] : validate.errors, `${definition}: ${JSON.stringify(value).slice(0, 2000)}`).toEqual([]);
  acp2025Validated.set(definition, (acp2025Validated.get(definition) ?? 0) + 1);
}

/**
 * A checkout answer of 2025-09-29 fits the spec: a 2xx is a session (with its order once
 * completed), anything else the spec's error. Answers that are not JSON objects (a 405's
 * plain text) and the shop's own routes beside the spec's are left to their tests.
 */
export function expectAcp2025Answer(path: string, status: number, json: unknown): void {
  if (!path.startsWith("/checkout_sessions") || json === null || typeof json !== "object") return;
  if (status < 200 || status >= 300) {
    expectAcp2025("Error", json);
    return;
  }
  // The bundle's CheckoutSessionWithOrder is unsatisfiable as published (allOf of a base with
  // `additionalProperties: false` and an object adding `order`), so a completed session is checked
  // as its two parts: the session without `order`, and the order.
  const { order, ...session } = json as { order?: unknown };
  expectAcp2025("CheckoutSession", session);
  if (order !== undefined) expectAcp2025("Order", order);
}
