import { expect, signUpThroughApi, test, waitForInteractivePages } from "./support/fixtures.ts";
import { addProductNear, apiCart, artifacts, E2E_ADDRESS, usd } from "./support/shop.ts";

/**
 * A shop selling beyond one country, as two shoppers meet it in the browser: one in Berlin with
 * VAT included in the prices and Express shipping, one in California with the state's sales tax
 * added and a discount code. The merchant's settings (taxes by place, a zone, the code) are
 * made through the API and put back at the end, so the other specs price as before.
 */

type Order = {
  total: number;
  tax: number;
  shipping: number;
  shippingMethod: string | null;
  taxIncluded: boolean;
  taxLabel: string;
  discountCode: string | null;
  codeDiscount: number;
};

const BERLIN = {
  "Full name": "Lena Berg",
  "Address line 1": "Unter den Linden 1",
  City: "Berlin",
  "Postal code": "10117",
} as const;

test("an EU shopper pays VAT-inclusive prices with Express; a US shopper pays state tax with a code", async ({
  merchant: { page },
  shopper,
  browser,
}) => {
  const code = `ABROAD${Date.now() % 100_000}`;
  let zoneId: string | null = null;
  try {
    // Prices include tax, rates by the shipping address; a zone (Germany, France, the United
    // States: a country outside every zone is not served) with Standard and Express.
    expect(
      (
        await page.request.put("/api/merchant/taxes", { data: { byPlace: true, pricesIncludeTax: true } })
      ).status(),
    ).toBe(200);
    const zone = await page.request.post("/api/merchant/shipping/zones", {
      data: {
        name: "E2E Europe",
        places: [{ country: "DE" }, { country: "FR" }, { country: "US" }],
        methods: [
          { name: "Standard", price: { kind: "flat", amount: 6 }, freeOver: null, days: { min: 3, max: 5 } },
          { name: "Express", price: { kind: "flat", amount: 21 }, freeOver: null, days: { min: 1, max: 2 } },
        ],
      },
    });
    expect(zone.status(), await zone.text()).toBe(201);
    const zones = ((await zone.json()) as { zones: { id: string; name: string }[] }).zones;
    zoneId = zones.find((z) => z.name === "E2E Europe")?.id ?? null;

    // The Berlin shopper: the prices hold the VAT, the total does not move with it.
    const shop = shopper.page;
    await addProductNear(shop.request, 40);
    await shop.goto("/checkout");
    await expect(shop.getByRole("button", { name: "Place order" })).toBeVisible();
    await shop.getByLabel("Country").selectOption("DE");
    for (const [label, value] of Object.entries(BERLIN)) await shop.getByLabel(label).fill(value);
    await shop.getByLabel("State / region").fill("");
    const methods = shop.getByRole("group", { name: "Shipping method" });
    await expect(methods.getByRole("radio")).toHaveCount(2);
    await methods.getByRole("radio", { name: /Express/ }).check();
    const cart = await apiCart(shop);
    await shop.getByRole("button", { name: "Place order" }).click();
    await expect(shop).toHaveURL(/\/order-placed\?orderId=[0-9a-f-]+$/);
    const berlinId = new URL(shop.url()).searchParams.get("orderId");
    const berlin = (await (await shop.request.get(`/api/orders/${berlinId}`)).json()) as Order;
    expect(berlin).toMatchObject({
      taxIncluded: true,
      taxLabel: "VAT",
      shippingMethod: "Express",
      shipping: 21,
    });
    expect(berlin.tax).toBeGreaterThan(0);
    // VAT included: the goods cost what the cart said; the order adds only the shipping.
    expect(berlin.total).toBeCloseTo(cart.summary.subtotal + 21, 2);

    // The California shopper: tax added on top, and a code.
    expect(
      (
        await page.request.put("/api/merchant/taxes", { data: { byPlace: true, pricesIncludeTax: false } })
      ).status(),
    ).toBe(200);
    const made = await page.request.post("/api/merchant/discount-codes", {
      data: { code, kind: "percent", percentOff: 10 },
    });
    expect(made.status(), await made.text()).toBe(201);
    const context = await browser.newContext();
    waitForInteractivePages(context);
    await signUpThroughApi(context, "Cal Shopper", "shopper");
    const us = await context.newPage();
    await addProductNear(us.request, 40);
    await us.goto("/cart");
    const field = us.getByLabel("Discount code", { exact: true });
    await field.fill(code);
    await field.press("Enter");
    await expect(us.getByTestId("discount-code-message")).toHaveText(
      new RegExp(`^${code}: \\$[\\d.,]+ off\\.$`),
    );
    await us.getByRole("button", { name: "Proceed to Checkout" }).click();
    await expect(us.getByRole("button", { name: "Place order" })).toBeVisible();
    for (const [label, value] of Object.entries(E2E_ADDRESS)) await us.getByLabel(label).fill(value);
    // What the merchant guide shows: the zone's two methods, the state's tax and the code.
    await expect(us.getByRole("group", { name: "Shipping method" }).getByRole("radio")).toHaveCount(2);
    await us.evaluate(() => window.scrollTo(0, 0));
    await us.screenshot({ path: `${artifacts}/checkout-shipping-tax-desktop.png`, fullPage: true });
    await us.getByRole("button", { name: "Place order" }).click();
    await expect(us).toHaveURL(/\/order-placed\?orderId=[0-9a-f-]+$/);
    await expect(us.getByText(`Code ${code}`, { exact: true })).toBeVisible();
    const usId = new URL(us.url()).searchParams.get("orderId");
    const order = (await (await us.request.get(`/api/orders/${usId}`)).json()) as Order;
    expect(order).toMatchObject({ taxIncluded: false, discountCode: code });
    expect(order.codeDiscount).toBeGreaterThan(0);
    expect(order.tax).toBeGreaterThan(0);
    await expect(us.getByTestId("order-total")).toHaveText(usd(order.total));
    await context.close();

    // The dashboard's code card on a phone names the code the order used.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/merchant");
    const codes = page.getByRole("region", { name: "Discount codes used" });
    await expect(codes.getByText(code)).toBeVisible();
    await codes.scrollIntoViewIfNeeded();
    await codes.screenshot({ path: `${artifacts}/dashboard-code-usage-phone.png` });
  } finally {
    await page.request.put("/api/merchant/taxes", { data: { byPlace: false, pricesIncludeTax: false } });
    if (zoneId) await page.request.delete(`/api/merchant/shipping/zones/${zoneId}`);
  }
});
