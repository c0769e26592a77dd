import { spyOnToasts } from "@/test/spy-on-toasts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { toast } from "@/lib/toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { AuthForm } from "./auth-form";
import { routesAt } from "@/test/routes-at";

spyOnToasts();

function renderForm(routes: Parameters<typeof routeFetch>[0] = {}) {
  const { fetchFn, calls } = routeFetch({
    "GET /api/me": () => jsonResponse(200, null),
    ...routes,
  });
  vi.stubGlobal("fetch", fetchFn);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { element: routed, history: router } = routesAt(
    [
      { path: "/auth", element: <AuthForm redirectTo="/orders" /> },
      { path: "/orders", element: <p>Orders page</p> },
    ],
    "/auth",
  );
  render(<QueryClientProvider client={client}>{routed}</QueryClientProvider>);
  return { calls, router };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const posts = <C extends { route: string }>(calls: C[]) => calls.filter((c) => c.route.startsWith("POST "));

describe("the auth form", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("checks the fields on submit with the contract's sentences, focusing the first wrong one", async () => {
    const { calls } = renderForm();
    expect(screen.getByText("Must be at least 6 characters")).toBeTruthy();
    fireEvent.change(input("Email"), { target: { value: "not-an-email" } });
    fireEvent.change(input("Password"), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByText("Please enter a valid email address.")).toBeTruthy();
    expect(screen.getByText("Password must be at least 6 characters.")).toBeTruthy();
    expect(document.activeElement).toBe(input("Email"));
    expect(input("Email").getAttribute("aria-invalid")).toBe("true");
    expect(input("Password").getAttribute("aria-describedby")).toMatch(/-password-hint .*-password-error$/);
    expect(posts(calls)).toHaveLength(0);

    // Editing a field clears its message until the next try; the other keeps its own.
    fireEvent.change(input("Email"), { target: { value: "ada@example.com" } });
    await waitFor(() => expect(screen.queryByText("Please enter a valid email address.")).toBeNull());
    expect(input("Email").getAttribute("aria-invalid")).toBeNull();
    expect(screen.getByText("Password must be at least 6 characters.")).toBeTruthy();
  });

  it("says that an empty e-mail or password is required, not that it is malformed", async () => {
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Email is required.")).toBeTruthy();
    expect(screen.getByText("Password is required.")).toBeTruthy();
    expect(screen.queryByText("Please enter a valid email address.")).toBeNull();
    expect(screen.queryByText("Password must be at least 6 characters.")).toBeNull();
  });

  it("takes the failed sign-in's toast away when the next try says 'Welcome back!'", async () => {
    let attempt = 0;
    renderForm({
      "POST /api/auth/sign-in/email": () =>
        ++attempt === 1
          ? jsonResponse(401, {
              error: { code: "INVALID_CREDENTIALS", message: "Invalid email or password." },
            })
          : jsonResponse(200, {}),
    });
    fireEvent.change(input("Email"), { target: { value: "ada@example.com" } });
    fireEvent.change(input("Password"), { target: { value: "wrongpass1" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    const errorOptions = vi.mocked(toast.error).mock.calls[0]?.[1] as { id?: string } | undefined;
    expect(errorOptions?.id).toBeTruthy();

    fireEvent.change(input("Password"), { target: { value: "rightpass1" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Welcome back!"));
    expect(toast.dismiss).toHaveBeenCalledWith(errorOptions?.id);
  });

  it("shows the server's sentence in the form and as a toast", async () => {
    const { calls } = renderForm({
      "POST /api/auth/sign-in/email": () =>
        jsonResponse(401, { error: { code: "INVALID_CREDENTIALS", message: "Invalid email or password." } }),
    });
    fireEvent.change(input("Email"), { target: { value: "ada@example.com" } });
    fireEvent.change(input("Password"), { target: { value: "wrongpass1" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));

    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email or password.");
    expect(toast.error).toHaveBeenCalledWith("Invalid email or password.", expect.anything());
    expect(posts(calls)[0]?.body).toEqual({ email: "ada@example.com", password: "wrongpass1" });
  });

  it("signs up with Full Name first in line, sends the trimmed name and goes on", async () => {
    const { calls, router } = renderForm({
      "POST /api/auth/sign-up/email": () => jsonResponse(200, {}),
    });
    fireEvent.click(screen.getByRole("button", { name: "Don't have an account? Sign up" }));
    expect(screen.getByText("Create your account")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Full name is required.")).toBeTruthy();
    expect(document.activeElement).toBe(input("Full Name"));

    // Switching back and forth drops the messages.
    fireEvent.click(screen.getByRole("button", { name: "Already have an account? Sign in" }));
    expect(screen.queryByText("Please enter a valid email address.")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Don't have an account? Sign up" }));
    expect(screen.queryByText("Full name is required.")).toBeNull();

    fireEvent.change(input("Full Name"), { target: { value: "  Ada Lovelace " } });
    fireEvent.change(input("Email"), { target: { value: "ada@example.com" } });
    fireEvent.change(input("Password"), { target: { value: "secret123" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    await waitFor(() => expect(router.location.pathname).toBe("/orders"));
    expect(posts(calls)[0]?.body).toEqual({
      email: "ada@example.com",
      password: "secret123",
      name: "Ada Lovelace",
    });
    expect(toast.success).toHaveBeenCalledWith("Account created!");
  });
});
