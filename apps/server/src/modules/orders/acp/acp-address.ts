import type { AcpAddress } from "@haggle/contract/acp";
import { type AddressInput, AddressInputSchema } from "@haggle/contract/addresses";
import { type DomainError, invalidField } from "@haggle/domain/errors";

/* An ACP address read into the checkout's address, each refusal named by the spec's field. */

/** A refusal of one field, named by its RFC 9535 JSONPath (ACP's `param`), with ACP's code. */
export function invalidParam(param: string, message: string, code = "invalid"): DomainError {
  return invalidField(param, message, code.toUpperCase());
}

/** The address as the checkout takes it; each problem named by its field in the spec's words. */
export function toAddressInput(address: AcpAddress, at: string): AddressInput {
  const parsed = AddressInputSchema.safeParse({
    name: address.name,
    line1: address.line_one,
    line2: address.line_two,
    city: address.city,
    region: address.state,
    postalCode: address.postal_code,
    country: address.country,
  });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field =
    { line1: "line_one", line2: "line_two", region: "state", postalCode: "postal_code" }[
      String(issue.path[0])
    ] ?? String(issue.path[0] ?? "");
  throw invalidParam(field ? `${at}.${field}` : at, issue.message);
}

/** The address as stored on the session and answered: as the checkout will ship to it. */
export function normalisedAddress(address: AcpAddress): AcpAddress {
  const input = toAddressInput(address, "$.fulfillment_address");
  return {
    name: input.name,
    line_one: input.line1,
    ...(input.line2 ? { line_two: input.line2 } : {}),
    city: input.city,
    state: input.region ?? address.state,
    country: input.country,
    postal_code: input.postalCode,
  };
}
