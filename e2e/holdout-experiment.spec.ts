import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, PASSWORD, test, uniqueEmail, waitForInteractivePages } from "./support/fixtures.ts";
import { artifacts, catalogue, expectLoaded, gotoLive, hasNoOptions } from "./support/shop.ts";

/**
 * "Measure Ava": the merchant starts a holdout experiment on the dashboard; a held-out
 * shopper sees no negotiate button while a shopper in Ava's group does; the dashboard's figures
 * follow live as shoppers fill carts and buy. Half the shoppers are held out here, so a few
 * accounts give one of each group (chosen by what /api/me says, i.e. by the assignment function).
 * The experiment is stopped at the end: other specs share this shop.
 */

const CHECKOUT = {
  address: {
    name: "Holdout Shopper",
    line1: "1 Market Street",
    city: "San Francisco",
    region: "CA",
    postalCode: "94105",
    country: "US",
  },
  paymentMethod: "manual",
};

interface ApiShopper {
  api: APIRequestContext;
  email: string;
  heldOut: boolean;
}

/** A shopper signed up through the API, and their group (by the assignment function, as /api/me says). */
async function apiShopper(baseURL: string): Promise<ApiShopper> {
  const api = await playwrightRequest.newContext({ baseURL });
  const email = uniqueEmail("holdout");
  const signUp = await api.post("/api/auth/sign-up/email", {
    data: { name: "Holdout Shopper", email, password: PASSWORD },
  });
  expect(signUp.status()).toBe(200);
  const me = await (await api.get("/api/me")).json();
  return { api, email, heldOut: me.negotiation === false };
}

/** Fills the cart: the shopper becomes a visitor with a cart of the experiment. */
async function fillCart(shopper: ApiShopper, productId: string) {
  expect((await shopper.api.post("/api/cart/items", { data: { productId } })).ok()).toBe(true);
}

async function checkout(shopper: ApiShopper) {
  const placed = await shopper.api.post("/api/checkout", {
    data: CHECKOUT,
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  expect(placed.status(), await placed.text()).toBe(201);
}

/** With Ava: a first message, Ava's offer accepted, then checkout (a discount given). */
async function negotiateAndCheckout(shopper: ApiShopper) {
  const { id } = await (await shopper.api.post("/api/negotiations", { data: {} })).json();
  const turn = await shopper.api.post("/functions/v1/negotiate-cart", {
    data: { negotiationId: id, messages: [{ role: "user", content: "Can I get a discount?" }] },
  });
  expect(turn.status()).toBe(200);
  expect((await shopper.api.post(`/api/negotiations/${id}/accept`, { data: {} })).status()).toBe(200);
  await checkout(shopper);
}

test("the merchant measures Ava: held-out shoppers see no negotiate button, the dashboard compares both groups live", async ({
  merchant,
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const origin = baseURL ?? "";
  const dashboard = merchant.page;
  await dashboard.setViewportSize({ width: 1280, height: 900 });
  await gotoLive(dashboard, "/merchant");
  const card = dashboard.getByRole("region", { name: "Measure Ava" });
  await expect(card).toBeVisible();
  // Another run on this shop may have left one running: stop it, a new period starts clean.
  const stopButton = card.getByRole("button", { name: "Stop the experiment" });
  if (await stopButton.isVisible()) await stopButton.click();

  const share = card.getByLabel("Share of shoppers held out (%)");
  await expect(share).toHaveValue("10");
  await share.fill("0");
  await card.getByRole("button", { name: "Start measuring Ava" }).click();
  await expect(card.getByRole("alert")).toHaveText(
    "The share held out must be a whole percent from 1 to 50.",
  );
  await share.fill("50");
  await share.press("Enter");
  await expect(card.getByTestId("experiment-status")).toContainText("50% of shoppers held out");
  await expect(card.getByTestId("experiment-sentence")).toHaveText(/^Not enough data yet/);

  try {
    // A well-stocked product to fill carts with.
    const stocked = (await catalogue(dashboard.request))
      .filter((p) => p.inStock && p.stockLevel >= 150)
      .sort((a, b) => Math.abs(a.price - 60) - Math.abs(b.price - 60));
    let product: (typeof stocked)[number] | undefined;
    for (const candidate of stocked) {
      if (await hasNoOptions(dashboard.request, candidate.id)) {
        product = candidate;
        break;
      }
    }
    expect(product, "a product with stock to spare").toBeTruthy();

    // One shopper of each group, through the browser.
    const people: Record<"held" | "with", { page: Page } | null> = {
      held: null,
      with: null,
    };
    for (let i = 0; i < 30 && (!people.held || !people.with); i++) {
      const context = await browser.newContext();
      waitForInteractivePages(context);
      const page = await context.newPage();
      const email = uniqueEmail("holdout-page");
      const signUp = await context.request.post("/api/auth/sign-up/email", {
        data: { name: "Page Shopper", email, password: PASSWORD },
      });
      expect(signUp.status()).toBe(200);
      const heldOut = (await (await context.request.get("/api/me")).json()).negotiation === false;
      const slot = heldOut ? "held" : "with";
      if (people[slot]) {
        await context.close();
        continue;
      }
      expect((await context.request.post("/api/cart/items", { data: { productId: product!.id } })).ok()).toBe(
        true,
      );
      people[slot] = { page };
    }
    const held = people.held!.page;
    const withAva = people.with!.page;

    await withAva.goto("/cart");
    await expectLoaded(withAva);
    await expect(withAva.getByRole("link", { name: "Negotiate with Ava" })).toBeVisible();

    await held.goto("/cart");
    await expectLoaded(held);
    await expect(held.getByRole("button", { name: "Proceed to Checkout" })).toBeVisible();
    await expect(held.getByRole("link", { name: "Negotiate with Ava" })).toHaveCount(0);
    // Typed in by hand, the negotiation page says it is not offered.
    await held.goto("/cart/negotiate");
    await expect(held.getByText("Negotiation is not offered on your account right now.")).toBeVisible();

    // The dashboard heard of both visitors with a cart without a reload.
    await expect(card.getByTestId("ava-visitors")).toHaveText("1");
    await expect(card.getByTestId("holdout-visitors")).toHaveText("1");

    // Seeded through the API: enough visitors and orders in both groups for the intervals.
    const shoppers: ApiShopper[] = [];
    let ava = 1;
    let holdout = 1;
    for (let i = 0; i < 140 && (ava < 32 || holdout < 32); i++) {
      const s = await apiShopper(origin);
      if (s.heldOut ? holdout >= 32 : ava >= 32) {
        await s.api.dispose();
        continue;
      }
      if (s.heldOut) holdout += 1;
      else ava += 1;
      await fillCart(s, product!.id);
      shoppers.push(s);
    }
    const avaShoppers = shoppers.filter((s) => !s.heldOut);
    const heldShoppers = shoppers.filter((s) => s.heldOut);
    for (const s of avaShoppers.slice(0, 6)) await negotiateAndCheckout(s);
    for (const s of avaShoppers.slice(6, 15)) await checkout(s);
    for (const s of heldShoppers.slice(0, 8)) await checkout(s);
    for (const s of shoppers) await s.api.dispose();

    await expect(card.getByTestId("ava-visitors")).toHaveText("32");
    await expect(card.getByTestId("holdout-visitors")).toHaveText("32");
    await expect(card.getByTestId("experiment-sentence")).toHaveText(
      /^Ava's shoppers spend \$[\d,.]+ (more|less) per cart \(95% CI -?\$[\d,.]+ to -?\$[\d,.]+\)\./,
    );
    await expect(card.getByTestId("experiment-revenue-ci")).toBeVisible();
    await expectLoaded(dashboard);
    await expectNoAxeViolations(dashboard, "the dashboard's 'Measure Ava' card");
    await card.screenshot({ path: `${artifacts}/holdout-experiment.png` });

    // On a phone: the same card, the table scrolls sideways within its focusable region.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    waitForInteractivePages(phone);
    await phone.addCookies(await dashboard.context().cookies());
    const phonePage = await phone.newPage();
    await phonePage.goto("/merchant");
    const phoneCard = phonePage.getByRole("region", { name: "Measure Ava" });
    await expect(phoneCard.getByTestId("experiment-sentence")).toHaveText(/^Ava's shoppers spend/);
    await expectLoaded(phonePage);
    await expectNoAxeViolations(phonePage, "the 'Measure Ava' card on a phone");
    // The whole page, clipped to the card: the sticky header stays at the top, off the card.
    await phonePage.evaluate(() => window.scrollTo(0, 0));
    const box = await phoneCard.boundingBox();
    expect(box).not.toBeNull();
    await phonePage.screenshot({
      path: `${artifacts}/holdout-experiment-phone.png`,
      fullPage: true,
      clip: box!,
    });
    await phone.close();

    // Keyboard: the stop button is reachable and works.
    const stop = card.getByRole("button", { name: "Stop the experiment" });
    await stop.focus();
    await dashboard.keyboard.press("Enter");
    await expect(card.getByTestId("experiment-status")).toContainText(
      "Starting again begins a new measurement.",
    );
    await expect(card.getByTestId("ava-visitors")).toHaveText("32");
    // Stopped: everyone negotiates again.
    await held.goto("/cart");
    await expect(held.getByRole("link", { name: "Negotiate with Ava" })).toBeVisible();
  } finally {
    await dashboard.request.post("/api/merchant/experiment/stop");
  }
});
