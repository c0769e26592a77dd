/**
 * The taxes module's front door: the shop's tax choices and rates by place (Settings → Taxes), and
 * the tax a quote applies at an address. `npm run lint:deps` refuses an import past it.
 */
export { taxRoutes } from "./taxes.routes.ts";
export { cartTaxFor, cartTaxForShopper, savePricesIncludeTax, shopTaxDisplay } from "./taxes.service.ts";
export { loadTaxChoices, taxChoicesPart } from "./taxes.store.ts";
