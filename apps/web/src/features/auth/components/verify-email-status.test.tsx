import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { meAnswer, renderApp } from "@/app/render-app.test-harness";
import { jsonResponse } from "@/test/make-cart";

const unverified = () => {
  const me = meAnswer();
  return { ...me, user: { ...me.user, emailVerified: false } };
};

describe("the verification page and the account's notice", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("verifies once on arrival and says so", async () => {
    const { calls } = renderApp("/verify-email?token=abc.def", {
      "GET /api/auth/verify-email?token=abc.def": () => jsonResponse(200, { status: true, user: null }),
    });
    expect((await screen.findByTestId("email-verified")).textContent).toContain(
      "Your e-mail address is verified.",
    );
    expect(calls.filter((c) => c.route.startsWith("GET /api/auth/verify-email"))).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Continue Shopping" }).getAttribute("href")).toBe("/");
  });

  it("shows an expired link's sentence", async () => {
    const message =
      "This verification link has expired. Please ask for a new one with 'Resend verification e-mail' on your account page.";
    renderApp("/verify-email?token=old", {
      "GET /api/auth/verify-email?token=old": () =>
        jsonResponse(400, { error: { code: "TOKEN_EXPIRED", message } }),
    });
    expect((await screen.findByRole("alert")).textContent).toBe(message);
  });

  it("offers sign-in, coming back to the link, when an admin address must be verified from its account", async () => {
    const message = "This address belongs to one of the shop's administrators…";
    renderApp("/verify-email?token=adm", {
      "GET /api/auth/verify-email?token=adm": () =>
        jsonResponse(403, { error: { code: "SIGN_IN_TO_VERIFY", message } }),
    });
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    const signIn = screen.getAllByRole("link", { name: "Sign in" }).map((a) => a.getAttribute("href"));
    expect(signIn).toContain(`/auth?redirect=${encodeURIComponent("/verify-email?token=adm")}`);
  });

  it("tells an unverified account on its page, and resends the link", async () => {
    const { calls } = renderApp(
      "/account",
      {
        "GET /api/me": () => jsonResponse(200, unverified()),
        "POST /api/auth/send-verification-email": () => jsonResponse(200, { status: true }),
      },
      "user-1",
    );
    expect(await screen.findByRole("heading", { name: "Your e-mail address is not verified" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Resend verification e-mail" }));
    expect(
      await screen.findByText("We sent a new verification link to mona@example.com. It works for 24 hours."),
    ).toBeTruthy();
    expect(calls.find((c) => c.route === "POST /api/auth/send-verification-email")?.body).toEqual({
      email: "mona@example.com",
    });
  });

  it("shows no notice once verified, and reaches the account page from the menu's link target", async () => {
    renderApp("/account", {}, "user-1");
    expect(await screen.findByRole("heading", { name: "Your account", level: 1 })).toBeTruthy();
    await waitFor(() => expect(screen.getByText("(verified)")).toBeTruthy());
    expect(screen.queryByTestId("verification-notice")).toBeNull();
    expect(screen.getByRole("link", { name: "Reset your password" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
  });
});
