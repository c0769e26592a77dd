/**
 * The market simulator (issue 17): does negotiation earn the merchant more than it gives away?
 * Three populations of shoppers (bench/market/population.ts) meet Ava — the shop's own domain
 * turn, no HTTP, no database — and the same shoppers meet the shop with no negotiator. Seeded:
 * every run is the same.
 *
 * Run: npm run eval:market   (MARKET_SHOPPERS=n, MARKET_SEED=n, MARKET_STANCE=protect-margin|balanced|maximise-conversion,
 * MARKET_STANCES=1 to add the trade-off across stances)
 * Exits 1 when an offer breaks a limit.
 */
import { DEFAULT_SELLER_CONFIG, type SellerConfig } from "@haggle/domain/merchant/seller-config";
import { POPULATIONS } from "./market/population.ts";
import { type MarketFigures, runMarket } from "./market/simulate.ts";

const SHOPPERS = Number(process.env.MARKET_SHOPPERS ?? 2000);
const SEED = Number(process.env.MARKET_SEED ?? 20_261_123);

const usd = (cents: number) => `$${Math.round(cents / 100).toLocaleString("en-US")}`;
const usd2 = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function configFor(stance: string | undefined): SellerConfig {
  const config = structuredClone(DEFAULT_SELLER_CONFIG) as SellerConfig & {
    negotiation_limits: { stance?: string };
  };
  if (stance && "stance" in config.negotiation_limits) config.negotiation_limits.stance = stance;
  return config;
}

function table(figures: MarketFigures[]): string {
  const rows = [
    "| population | revenue with / without (×) | conversion with / without | AOV with / without | margin given to would-buy-anyway | deals won (would be lost) | within-cap price-sensitive won | turns to deal | escalations |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const f of figures) {
    rows.push(
      `| ${f.population} | ${usd(f.revenueWith)} / ${usd(f.revenueWithout)} (${(f.revenueWith / f.revenueWithout).toFixed(2)}×) | ${pct(f.conversionWith)} / ${pct(f.conversionWithout)} | ${usd2(f.aovWith)} / ${usd2(f.aovWithout)} | ${pct(f.giveawayShare)} | ${f.dealsWon} | ${f.wonWithinCap}/${f.withinCap} (${pct(f.wonWithinCap / Math.max(1, f.withinCap))}) | ${f.turnsToDeal.toFixed(2)} | ${pct(f.escalationRate)} |`,
    );
  }
  return rows.join("\n");
}

const started = performance.now();
const stance = process.env.MARKET_STANCE;
const config = configFor(stance);
const figures = POPULATIONS.map((p) => runMarket(p, config, SEED, SHOPPERS));
console.log("# Market simulation\n");
console.log(
  `${SHOPPERS} shoppers per population, seed ${SEED}, ${stance ? `stance ${stance}` : "default settings"}; ` +
    `the shop's domain turn (parser, policy, voice, approvals), no HTTP; ${(performance.now() - started).toFixed(0)} ms.\n`,
);
console.log(table(figures));
console.log(
  "\nWithout: the same shoppers, no negotiator (each buys at the price when the price is within their reservation). " +
    "Margin given: the discount over the list value of what would-buy-anyway shoppers bought. " +
    "Within-cap: price-sensitive shoppers whose reservation is within the automatic cap (15% / $150, before tier and bundle).",
);

const stances = ["protect-margin", "balanced", "maximise-conversion"];
if (process.env.MARKET_STANCES === "1" && "stance" in DEFAULT_SELLER_CONFIG.negotiation_limits) {
  console.log("\n## Trade-off across stances (mixed population)\n");
  const mixed = POPULATIONS.find((p) => p.name === "mixed")!;
  console.log(
    table(stances.map((s) => ({ ...runMarket(mixed, configFor(s), SEED, SHOPPERS), population: s }))),
  );
}

const violations = figures.flatMap((f) => f.violations);
if (violations.length > 0) {
  console.error(`\n${violations.length} limit violation(s):`);
  for (const v of violations.slice(0, 20)) console.error(`- ${v}`);
  process.exit(1);
}
