/**
 * Shipping addresses: the rules a shop's checkout applies before it accepts one. Country is an
 * ISO 3166-1 alpha-2 code; its English name comes
 * from Intl (Node and every browser carry the region names), so no table of names is shipped.
 */

/** An address's fields in the order a form shows them and a command line names them. */
export const ADDRESS_FIELDS = ["name", "line1", "line2", "city", "region", "postalCode", "country"] as const;

/** Every ISO 3166-1 alpha-2 country code (249), in alphabetical order. */
export const COUNTRY_CODES: readonly string[] = [
  "AD",
  "AE",
  "AF",
  "AG",
  "AI",
  "AL",
  "AM",
  "AO",
  "AQ",
  "AR",
  "AS",
  "AT",
  "AU",
  "AW",
  "AX",
  "AZ",
  "BA",
  "BB",
  "BD",
  "BE",
  "BF",
  "BG",
  "BH",
  "BI",
  "BJ",
  "BL",
  "BM",
  "BN",
  "BO",
  "BQ",
  "BR",
  "BS",
  "BT",
  "BV",
  "BW",
  "BY",
  "BZ",
  "CA",
  "CC",
  "CD",
  "CF",
  "CG",
  "CH",
  "CI",
  "CK",
  "CL",
  "CM",
  "CN",
  "CO",
  "CR",
  "CU",
  "CV",
  "CW",
  "CX",
  "CY",
  "CZ",
  "DE",
  "DJ",
  "DK",
  "DM",
  "DO",
  "DZ",
  "EC",
  "EE",
  "EG",
  "EH",
  "ER",
  "ES",
  "ET",
  "FI",
  "FJ",
  "FK",
  "FM",
  "FO",
  "FR",
  "GA",
  "GB",
  "GD",
  "GE",
  "GF",
  "GG",
  "GH",
  "GI",
  "GL",
  "GM",
  "GN",
  "GP",
  "GQ",
  "GR",
  "GS",
  "GT",
  "GU",
  "GW",
  "GY",
  "HK",
  "HM",
  "HN",
  "HR",
  "HT",
  "HU",
  "ID",
  "IE",
  "IL",
  "IM",
  "IN",
  "IO",
  "IQ",
  "IR",
  "IS",
  "IT",
  "JE",
  "JM",
  "JO",
  "JP",
  "KE",
  "KG",
  "KH",
  "KI",
  "KM",
  "KN",
  "KP",
  "KR",
  "KW",
  "KY",
  "KZ",
  "LA",
  "LB",
  "LC",
  "LI",
  "LK",
  "LR",
  "LS",
  "LT",
  "LU",
  "LV",
  "LY",
  "MA",
  "MC",
  "MD",
  "ME",
  "MF",
  "MG",
  "MH",
  "MK",
  "ML",
  "MM",
  "MN",
  "MO",
  "MP",
  "MQ",
  "MR",
  "MS",
  "MT",
  "MU",
  "MV",
  "MW",
  "MX",
  "MY",
  "MZ",
  "NA",
  "NC",
  "NE",
  "NF",
  "NG",
  "NI",
  "NL",
  "NO",
  "NP",
  "NR",
  "NU",
  "NZ",
  "OM",
  "PA",
  "PE",
  "PF",
  "PG",
  "PH",
  "PK",
  "PL",
  "PM",
  "PN",
  "PR",
  "PS",
  "PT",
  "PW",
  "PY",
  "QA",
  "RE",
  "RO",
  "RS",
  "RU",
  "RW",
  "SA",
  "SB",
  "SC",
  "SD",
  "SE",
  "SG",
  "SH",
  "SI",
  "SJ",
  "SK",
  "SL",
  "SM",
  "SN",
  "SO",
  "SR",
  "SS",
  "ST",
  "SV",
  "SX",
  "SY",
  "SZ",
  "TC",
  "TD",
  "TF",
  "TG",
  "TH",
  "TJ",
  "TK",
  "TL",
  "TM",
  "TN",
  "TO",
  "TR",
  "TT",
  "TV",
  "TW",
  "TZ",
  "UA",
  "UG",
  "UM",
  "US",
  "UY",
  "UZ",
  "VA",
  "VC",
  "VE",
  "VG",
  "VI",
  "VN",
  "VU",
  "WF",
  "WS",
  "YE",
  "YT",
  "ZA",
  "ZM",
  "ZW",
];

const countrySet = new Set(COUNTRY_CODES);

export function isCountryCode(code: string): boolean {
  return countrySet.has(code);
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** "DE" -> "Germany"; an unknown code is answered as it is. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Postal code shapes where a country has one rule everyone knows; elsewhere any short code. */
const POSTAL_PATTERNS: Record<string, { pattern: RegExp; example: string }> = {
  US: { pattern: /^\d{5}(-\d{4})?$/, example: "12345 or 12345-6789" },
  CA: { pattern: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i, example: "K1A 0B1" },
  GB: { pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i, example: "SW1A 1AA" },
  DE: { pattern: /^\d{5}$/, example: "10115" },
  FR: { pattern: /^\d{5}$/, example: "75001" },
  ES: { pattern: /^\d{5}$/, example: "28001" },
  IT: { pattern: /^\d{5}$/, example: "00118" },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/i, example: "1012 AB" },
  AU: { pattern: /^\d{4}$/, example: "2000" },
  JP: { pattern: /^\d{3}-?\d{4}$/, example: "100-0001" },
  IN: { pattern: /^\d{6}$/, example: "110001" },
  BR: { pattern: /^\d{5}-?\d{3}$/, example: "01310-100" },
};

/** Countries whose addresses need a state or province. */
const REGION_REQUIRED: Record<string, string> = { US: "State", CA: "Province", AU: "State" };

/** Whether an address in this country needs a state or province. */
export function regionRequired(country: string): boolean {
  return country in REGION_REQUIRED;
}

/** A postal code written the way the post expects it (upper case, single spaces). */
export function normalizePostalCode(postalCode: string): string {
  return postalCode.trim().replace(/\s+/g, " ").toUpperCase();
}

/** Why a postal code is not one of the country's, or null when it may be. */
export function postalCodeProblem(country: string, postalCode: string): string | null {
  const code = normalizePostalCode(postalCode);
  const rule = POSTAL_PATTERNS[country];
  if (rule) {
    return rule.pattern.test(code)
      ? null
      : `Postal code is not a valid ${countryName(country)} postal code (for example ${rule.example}).`;
  }
  return /^[A-Z0-9][A-Z0-9 -]{1,11}$/.test(code)
    ? null
    : "Postal code must be 2 to 12 letters, digits, spaces or hyphens.";
}

/** Why the region is missing, or null: some countries need a state or province. */
export function regionProblem(country: string, region: string | undefined): string | null {
  const label = REGION_REQUIRED[country];
  if (!label || (region ?? "").trim() !== "") return null;
  return `${label} is required for an address in ${countryName(country)}.`;
}

/** The lines of an address as a label prints them. */
export function addressLines(address: {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  region?: string | null;
  postalCode: string;
  country: string;
}): string[] {
  const place = [address.city, address.region, address.postalCode].filter(
    (part) => part && part.trim() !== "",
  );
  return [
    address.name,
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    place.join(", "),
    countryName(address.country),
  ];
}
