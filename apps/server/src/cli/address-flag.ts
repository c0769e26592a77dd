import { type AddressInput, AddressInputSchema } from "@haggle/contract/addresses";
import { ADDRESS_FIELDS } from "@haggle/domain/orders/address";

/** The fields --address takes, in the order the usage line shows them. */

export const ADDRESS_FLAG_EXAMPLE =
  '--address="name=Ada Lovelace;line1=1 Market Street;city=San Francisco;region=CA;postalCode=94105;country=US"';

/**
 * The shipping address of `--address="name=…;line1=…;city=…;postalCode=…;country=…"` (line2
 * and region optional, `;` between fields), checked by the shop's own address rules, so a typo
 * is a sentence before anything is bought. Answers the address or the sentence.
 */
export function parseAddressFlag(text: string): { address: AddressInput } | { problem: string } {
  const fields: Record<string, string> = {};
  for (const part of text.split(";")) {
    if (part.trim() === "") continue;
    const at = part.indexOf("=");
    const key = at < 0 ? part.trim() : part.slice(0, at).trim();
    if (at < 0 || !(ADDRESS_FIELDS as readonly string[]).includes(key))
      return {
        problem: `--address takes ${ADDRESS_FIELDS.join(", ")} as key=value pairs separated by ';', not "${part.trim()}". For example: ${ADDRESS_FLAG_EXAMPLE}`,
      };
    fields[key] = part.slice(at + 1).trim();
  }
  const parsed = AddressInputSchema.safeParse(fields);
  if (parsed.success) return { address: parsed.data };
  return { problem: `--address: ${parsed.error.issues.map((issue) => issue.message).join(" ")}` };
}
