import { expectNoAxeViolations } from "./support/axe.ts";
import { expect, PASSWORD, signUpThroughApi, test } from "./support/fixtures.ts";
import { accountMailLink } from "./support/server-log.ts";
import { artifacts, expectNoSidewaysScroll } from "./support/shop.ts";

/**
 * Password reset, as a shopper meets it: 'Forgot password?' on the sign-in
 * page, the e-mailed link (the e2e shop has no SMTP_URL, so the link is read from the server's
 * log, as an owner setting the shop up from the terminal would), a new password, sign-in with it.
 */
test("a shopper who forgot the password resets it from the sign-in page and signs in with the new one", async ({
  page,
  context,
  baseURL,
}) => {
  const account = await signUpThroughApi(context, "Forgetful Shopper", "reset");
  await context.clearCookies();
  // A phone's width: the pages fit it and never scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const email = page.getByLabel("Email");
  await expect(email).toBeVisible();
  await expectNoSidewaysScroll(page, "the forgot-password page");

  // A malformed address is a sentence beside the field, and the field keeps the focus.
  await email.fill("not-an-address");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(email).toBeFocused();

  const asked = Date.now() - 1000;
  await email.fill(account.email);
  // By keyboard: Enter in the field sends the form.
  await email.press("Enter");
  await expect(page.getByTestId("reset-requested")).toContainText(`If an account uses ${account.email}`);
  await expectNoAxeViolations(page, "the forgot-password page, after sending");

  const link = await accountMailLink(baseURL ?? "", account.email, "reset-password", asked);
  expect(link.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);
  await page.goto(link);
  await expect(page.getByText("Choose a new password")).toBeVisible();
  await expectNoSidewaysScroll(page, "the reset-password page");
  await expectNoAxeViolations(page, "the reset-password page");

  const newPassword = `${PASSWORD}-renewed`;
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(`${newPassword}-typo`);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("The two passwords do not match.")).toBeVisible();
  await expect(page.getByLabel("Confirm new password")).toBeFocused();
  await page.getByLabel("Confirm new password").fill(newPassword);
  // Tab reaches the submit button, which shows that it has the focus (its ring).
  const submit = page.getByRole("button", { name: "Set new password" });
  const ring = () => submit.evaluate((el) => getComputedStyle(el).boxShadow);
  const unfocused = await ring();
  await page.getByLabel("Confirm new password").press("Tab");
  await expect(submit).toBeFocused();
  expect(await ring()).not.toBe(unfocused);
  await submit.press("Enter");
  await expect(page.getByTestId("password-reset-done")).toHaveText(
    "Your password has been changed and every session of the account was signed out. The account had no API keys to revoke. Sign in with your new password.",
  );
  await page.screenshot({ path: `${artifacts}/password-reset-done.png` });

  // The link works once.
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("another-pass-1");
  await page.getByLabel("Confirm new password").fill("another-pass-1");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "This password reset link is invalid, has expired or was already used.",
  );

  // The old password no longer works; the new one does, through the sign-in form.
  const old = await context.request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: PASSWORD },
  });
  expect(old.status()).toBe(401);
  await page.goto("/auth");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("button", { name: /account menu/i })).toBeVisible();
});

test("a new shopper sees the unverified notice on the account page, resends the e-mail, and its link verifies", async ({
  shopper: { page, account },
  baseURL,
}) => {
  await page.goto("/");
  await page.getByRole("button", { name: /account menu/i }).click();
  await page.getByRole("menuitem", { name: "Account and API keys" }).click();
  await expect(page).toHaveURL(/\/account$/);
  const notice = page.getByTestId("verification-notice");
  await expect(notice).toContainText("Your e-mail address is not verified");
  await expectNoAxeViolations(page, "the account page with its notice");

  const asked = Date.now() - 1000;
  await notice.getByRole("button", { name: "Resend verification e-mail" }).click();
  await expect(notice).toContainText(`We sent a new verification link to ${account.email}.`);
  const link = await accountMailLink(baseURL ?? "", account.email, "verify-email", asked);
  expect(link.startsWith(`${baseURL}/verify-email?token=`)).toBe(true);

  await page.goto(link);
  await expect(page.getByTestId("email-verified")).toContainText("Your e-mail address is verified.");
  await expectNoAxeViolations(page, "the verification page");
  await page.goto("/account");
  await expect(page.getByText("(verified)")).toBeVisible();
  await expect(page.getByTestId("verification-notice")).toHaveCount(0);
});
