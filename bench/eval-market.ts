/**
 * The market simulator: does negotiation earn the merchant more than it gives away?
 * Three populations of shoppers (bench/market/population.ts) meet Ava — the shop's own domain
 * turn, no HTTP, no database — and the same shoppers meet the shop with no negotiator. Seeded:
 * every run is the same.
 *
 * Prints the table for the merchant's default settings (stance balanced), then one per stance
 * and the trade-off across stances on each population.
 * Run: npm run eval:market   (MARKET_SHOPPERS=n, MARKET_SEED=n)
 * Exits 1 when an offer breaks a limit under any stance.
 */
import { DEFAULT_SELLER_CONFIG, type SellerConfig } from "@haggle/domain/merchant/seller-config";
import { NEGOTIATION_STANCES, type NegotiationStance } from "@haggle/domain/negotiation/negotiation-stance";
import { POPULATIONS } from "./market/population.ts";
import { type MarketFigures, runMarket } from "./market/simulate.ts";

const SHOPPERS = Number(process.env.MARKET_SHOPPERS ?? 2000);
const SEED = Number(process.env.MARKET_SEED ?? 20_261_123);

const usd = (cents: number) => `$${Math.round(cents / 100).toLocaleString("en-US")}`;
const usd2 = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
/** The margin given, to two decimals: the goal (≤ 3%) is read off it. */
const pct2 = (x: number) => `${(x * 100).toFixed(2)}%`;

function configFor(stance: NegotiationStance): SellerConfig {
  return {
    ...DEFAULT_SELLER_CONFIG,
    negotiation_limits: { ...DEFAULT_SELLER_CONFIG.negotiation_limits, stance },
  };
}

function table(figures: MarketFigures[]): string {
  const rows = [
    "| population | revenue with / without (×) | conversion with / without | AOV with / without | margin given to would-buy-anyway | deals won (would be lost) | within-cap price-sensitive won | turns to deal | escalations |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const f of figures) {
    rows.push(
      `| ${f.population} | ${usd(f.revenueWith)} / ${usd(f.revenueWithout)} (${(f.revenueWith / f.revenueWithout).toFixed(2)}×) | ${pct(f.conversionWith)} / ${pct(f.conversionWithout)} | ${usd2(f.aovWith)} / ${usd2(f.aovWithout)} | ${pct2(f.giveawayShare)} | ${f.dealsWon} | ${f.wonWithinCap}/${f.withinCap} (${pct(f.wonWithinCap / Math.max(1, f.withinCap))}) | ${f.turnsToDeal.toFixed(2)} | ${pct(f.escalationRate)} |`,
    );
  }
  return rows.join("\n");
}

const started = performance.now();
const byStance = new Map(
  NEGOTIATION_STANCES.map((stance) => [
    stance,
    POPULATIONS.map((p) => runMarket(p, configFor(stance), SEED, SHOPPERS)),
  ]),
);
const defaults = POPULATIONS.map((p) => runMarket(p, DEFAULT_SELLER_CONFIG, SEED, SHOPPERS));
console.log("# Market simulation\n");
console.log(
  `${SHOPPERS} shoppers per population, seed ${SEED}; the shop's domain turn (parser, policy, voice, approvals), ` +
    `no HTTP; ${(performance.now() - started).toFixed(0)} ms for every stance.\n`,
);
console.log(`## Default settings (stance ${DEFAULT_SELLER_CONFIG.negotiation_limits.stance})\n`);
console.log(table(defaults));
console.log(
  "\nWithout: the same shoppers, no negotiator (each buys at the price when the price is within their reservation). " +
    "Margin given: the discount over the list value of what would-buy-anyway shoppers bought. " +
    "Within-cap: price-sensitive shoppers whose reservation is within the automatic cap (15% / $150, before tier and bundle).",
);
for (const stance of NEGOTIATION_STANCES) {
  console.log(`\n## Stance ${stance}\n`);
  console.log(table(byStance.get(stance)!));
}
for (const population of POPULATIONS) {
  console.log(`\n## Trade-off across stances (${population.name})\n`);
  console.log(
    table(
      NEGOTIATION_STANCES.map((stance) => ({
        ...byStance.get(stance)!.find((f) => f.population === population.name)!,
        population: stance,
      })),
    ),
  );
}

// Ava says what would move her when her counter is far below the ask; here every shopper does
// what they can of it (states their budget, asks for the bundle they would value).
const advised = POPULATIONS.map((p) =>
  runMarket(p, DEFAULT_SELLER_CONFIG, SEED, SHOPPERS, { followsAdvice: true }),
);
console.log(`\n## Default settings, every shopper following Ava's advice\n`);
console.log(table(advised));

const violations = [...defaults, ...advised, ...[...byStance.values()].flat()].flatMap((f) => f.violations);
if (violations.length > 0) {
  console.error(`\n${violations.length} limit violation(s):`);
  for (const v of violations.slice(0, 20)) console.error(`- ${v}`);
  process.exit(1);
}
