/**
 * The Universal Commerce Protocol's own JSON schemas (release v2026-04-08, copied unchanged in
 * fixtures/ucp-2026-04-08 with their licence), compiled once: the UCP tests check every answer
 * against the schema the spec names for it and count the violations per endpoint.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
// ajv (and ajv-formats) come with the MCP SDK: the JSON Schema 2020-12 validator the spec's schemas need.
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "ucp-2026-04-08");

function schemaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? schemaFiles(full) : name.endsWith(".json") ? [full] : [];
  });
}

// The spec's schemas carry annotations of their own (ucp_request, name, embedded): not strict.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
/*
 * The discovery schema's $id (…/schemas/discovery/profile.json) does not match where its relative
 * references look (../schemas/ucp.json: the source tree, where discovery/ sits beside schemas/),
 * so it is registered at the address its references assume; nothing else is changed.
 */
const PROFILE_ID = "https://ucp.dev/discovery/profile.json";
for (const file of schemaFiles(ROOT)) {
  const schema = JSON.parse(readFileSync(file, "utf8")) as { $id?: string };
  if (file.endsWith(path.join("discovery", "profile_schema.json"))) schema.$id = PROFILE_ID;
  if (schema.$id) ajv.addSchema(schema);
}

export const UCP_SCHEMAS = {
  businessProfile: `${PROFILE_ID}#/$defs/business_profile`,
  platformProfile: `${PROFILE_ID}#/$defs/platform_profile`,
  checkout: "https://ucp.dev/schemas/shopping/checkout.json",
  checkoutWithFulfillment:
    "https://ucp.dev/schemas/shopping/fulfillment.json#/$defs/dev.ucp.shopping.checkout",
  errorResponse: "https://ucp.dev/schemas/shopping/types/error_response.json",
} as const;

/** Violations per endpoint, for the closing count. */
export const violationCounts = new Map<string, { checked: number; violations: number }>();

/** The schema's complaints about `value` (empty when it fits), counted under `endpoint`. */
export function ucpViolations(schema: keyof typeof UCP_SCHEMAS, value: unknown, endpoint: string): string[] {
  const validate = ajv.getSchema(UCP_SCHEMAS[schema]);
  if (!validate) throw new Error(`No schema ${UCP_SCHEMAS[schema]}`);
  const ok = validate(value);
  const problems = ok
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || "$"} ${e.message ?? ""}`);
  const count = violationCounts.get(endpoint) ?? { checked: 0, violations: 0 };
  count.checked++;
  count.violations += problems.length;
  violationCounts.set(endpoint, count);
  return problems;
}
