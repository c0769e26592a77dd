import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "@/app/render-app.test-harness";
import { jsonResponse } from "@/test/make-cart";

const SAME_ANSWER = {
  status: true,
  message: "If this email exists in our system, check your email for the reset link",
};

describe("'Forgot password?'", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("is a link on the sign-in page that leads to the request form", async () => {
    const { router } = renderApp("/auth", {});
    fireEvent.click(await screen.findByRole("link", { name: "Forgot password?" }));
    await waitFor(() => expect(router.location.pathname).toBe("/forgot-password"));
    expect(await screen.findByText("Forgot your password?")).toBeTruthy();
  });

  it("checks the address with a sentence and focuses it, sending nothing", async () => {
    const { calls } = renderApp("/forgot-password", {});
    const email = (await screen.findByLabelText("Email")) as HTMLInputElement;
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Email is required.")).toBeTruthy();
    expect(document.activeElement).toBe(email);
    expect(email.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(email, { target: { value: "not-an-email" } });
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Please enter a valid email address.")).toBeTruthy();
    expect(calls.filter((c) => c.route.startsWith("POST "))).toHaveLength(0);
  });

  it("asks for the link and says the same thing whatever the address", async () => {
    const { calls } = renderApp("/forgot-password", {
      "POST /api/auth/request-password-reset": () => jsonResponse(200, SAME_ANSWER),
    });
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    const status = await screen.findByTestId("reset-requested");
    expect(status.textContent).toContain("If an account uses ada@example.com, we have sent it a link");
    expect(calls.find((c) => c.route === "POST /api/auth/request-password-reset")?.body).toEqual({
      email: "ada@example.com",
    });
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/auth");
  });

  it("shows the server's sentence when it refuses", async () => {
    renderApp("/forgot-password", {
      "POST /api/auth/request-password-reset": () =>
        jsonResponse(429, {
          error: {
            code: "RATE_LIMITED",
            message: "Too many e-mails asked for. Please wait a minute and try again.",
          },
        }),
    });
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many e-mails asked for. Please wait a minute and try again.",
    );
  });
});
