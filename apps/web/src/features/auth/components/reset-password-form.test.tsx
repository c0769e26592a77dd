import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "@/app/render-app.test-harness";
import { jsonResponse } from "@/test/make-cart";

const BAD_LINK =
  "This password reset link is invalid, has expired or was already used. Please ask for a new one with 'Forgot password?' on the sign-in page.";

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("the reset-password page", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("sets the new password with the link's token, then offers sign-in", async () => {
    const { calls } = renderApp("/reset-password?token=tok-1", {
      "POST /api/auth/reset-password": () => jsonResponse(200, { status: true }),
    });
    expect(await screen.findByText("Choose a new password")).toBeTruthy();
    expect(field("New password").getAttribute("aria-describedby")).toMatch(/-hint$/);
    fireEvent.change(field("New password"), { target: { value: "brand-new-pass" } });
    fireEvent.change(field("Confirm new password"), { target: { value: "brand-new-pass" } });
    fireEvent.click(screen.getByRole("button", { name: "Set new password" }));
    expect((await screen.findByTestId("password-reset-done")).textContent).toBe(
      "Your password has been changed. Sign in with your new password.",
    );
    expect(calls.find((c) => c.route === "POST /api/auth/reset-password")?.body).toEqual({
      token: "tok-1",
      newPassword: "brand-new-pass",
    });
    // The page's own, besides the header's.
    const signIn = screen.getAllByRole("link", { name: "Sign in" }).map((a) => a.getAttribute("href"));
    expect(signIn.filter((href) => href === "/auth").length).toBeGreaterThanOrEqual(2);
  });

  it("says what ended with the reset: every session and the account's API keys", async () => {
    const message =
      "Your password has been changed and every session of the account was signed out. 1 API key was revoked too: agents using it need a new key from your account page.";
    renderApp("/reset-password?token=tok-1", {
      "POST /api/auth/reset-password": () => jsonResponse(200, { status: true, apiKeysRevoked: 1, message }),
    });
    await screen.findByText("Choose a new password");
    fireEvent.change(field("New password"), { target: { value: "brand-new-pass" } });
    fireEvent.change(field("Confirm new password"), { target: { value: "brand-new-pass" } });
    fireEvent.click(screen.getByRole("button", { name: "Set new password" }));
    expect((await screen.findByTestId("password-reset-done")).textContent).toBe(
      `${message} Sign in with your new password.`,
    );
  });

  it("says what is wrong with the passwords, focusing the first, and sends nothing", async () => {
    const { calls } = renderApp("/reset-password?token=tok-1", {});
    await screen.findByText("Choose a new password");
    fireEvent.change(field("New password"), { target: { value: "123456" } });
    fireEvent.change(field("Confirm new password"), { target: { value: "654321" } });
    fireEvent.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText("This password is too common. Please choose another.")).toBeTruthy();
    expect(screen.getByText("The two passwords do not match.")).toBeTruthy();
    expect(document.activeElement).toBe(field("New password"));
    fireEvent.change(field("New password"), { target: { value: "abc" } });
    fireEvent.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText("Password must be at least 6 characters.")).toBeTruthy();
    expect(calls.filter((c) => c.route.startsWith("POST "))).toHaveLength(0);
  });

  it("shows the server's sentence for a bad or used link, with a way to ask for a new one", async () => {
    renderApp("/reset-password?token=old", {
      "POST /api/auth/reset-password": () =>
        jsonResponse(400, { error: { code: "INVALID_TOKEN", message: BAD_LINK } }),
    });
    await screen.findByText("Choose a new password");
    fireEvent.change(field("New password"), { target: { value: "brand-new-pass" } });
    fireEvent.change(field("Confirm new password"), { target: { value: "brand-new-pass" } });
    fireEvent.click(screen.getByRole("button", { name: "Set new password" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(BAD_LINK);
    expect(screen.getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe(
      "/forgot-password",
    );
  });

  it("explains a link without its token", async () => {
    renderApp("/reset-password", {});
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This password reset link is incomplete. Please open the link from the e-mail again.",
    );
    expect(screen.queryByLabelText("New password")).toBeNull();
  });
});
