/**
 * Run before each HTTP test file. The files share their worker's modules (`isolate: false` in
 * vitest.config.ts), so what the test support keeps per server address is forgotten when a file
 * ends: the next file's servers may be given the same ports, with other databases behind them.
 */
import { afterAll } from "vitest";
import { forgetShopAdmins } from "./shop-fixtures.ts";

afterAll(() => {
  forgetShopAdmins();
});
