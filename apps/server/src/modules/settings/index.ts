/**
 * The settings module's front door: all that code outside the module (other modules, app.ts,
 * server-runtime.ts, cli/) may import of it. `npm run lint:deps` refuses an import past it.
 */
export {
  forgetSetupCode,
  storedAuthSecret,
  storeSetupCodeHash,
  takeSetupCode,
} from "./app-settings.store.ts";
export { settingsRoutes } from "./settings.routes.ts";
export {
  loadShopCurrency,
  lockShopCurrency,
  refreshShopCurrency,
  shopCurrencySql,
  shopCurrencyView,
  storeAndUseShopCurrency,
  storeAndUseShopLocale,
} from "./shop-currency.store.ts";
export {
  insertMissingSections,
  lastDemoSettingsReset,
  loadSellerConfig,
  restoreDemoSettings,
  sellerConfigPart,
} from "./settings.store.ts";
