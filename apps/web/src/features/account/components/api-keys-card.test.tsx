import { spyOnToasts } from "@/test/spy-on-toasts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { ApiKeysCard } from "./api-keys-card";

spyOnToasts();

const KEY = "hgl_s3cretS3cretS3cretS3cretS3cretS3cretS3c";
const EXISTING = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "Laptop agent",
  prefix: "hgl_abcd1234",
  createdAt: "2026-11-20T10:00:00.000Z",
  lastUsedAt: null,
};

function renderCard() {
  let keys = [EXISTING];
  const { fetchFn, calls } = routeFetch({
    "GET /api/account/api-keys": () => jsonResponse(200, keys),
    "POST /api/account/api-keys": (init) => {
      const { name } = JSON.parse(String(init?.body)) as { name: string };
      if (name === "too many")
        return jsonResponse(409, {
          error: {
            code: "API_KEY_LIMIT",
            message: "You can have at most 10 API keys. Revoke one you no longer use first.",
          },
        });
      const created = {
        id: "22222222-2222-4222-8222-222222222222",
        name,
        prefix: KEY.slice(0, 12),
        createdAt: "2026-11-25T10:00:00.000Z",
        lastUsedAt: null,
      };
      keys = [created, ...keys];
      return jsonResponse(201, { ...created, key: KEY });
    },
    [`DELETE /api/account/api-keys/${EXISTING.id}`]: () => {
      keys = keys.filter((k) => k.id !== EXISTING.id);
      return jsonResponse(200, { revoked: true });
    },
  });
  vi.stubGlobal("fetch", fetchFn);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ApiKeysCard mcpUrl="https://shop.test/mcp" />
    </QueryClientProvider>,
  );
  return calls;
}

describe("the account page's API keys", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says where agents connect and lists the keys by name and first characters, never the key", async () => {
    renderCard();
    expect(screen.getByText("https://shop.test/mcp")).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Your API keys" });
    expect(within(list).getByText("Laptop agent")).toBeTruthy();
    expect(within(list).getByText("hgl_abcd1234…")).toBeTruthy();
    expect(within(list).getByText(/never used/)).toBeTruthy();
  });

  it("creates a key and shows it once, until Done", async () => {
    const calls = renderCard();
    await screen.findByRole("list", { name: "Your API keys" });
    fireEvent.change(screen.getByLabelText("Key name"), { target: { value: "Shopping bot" } });
    fireEvent.click(screen.getByRole("button", { name: "Create key" }));
    const shown = (await screen.findByLabelText("New API key")) as HTMLInputElement;
    expect(shown.value).toBe(KEY);
    expect(screen.getByText("Copy it now: it will not be shown again.")).toBeTruthy();
    expect(calls.find((c) => c.route === "POST /api/account/api-keys")?.body).toEqual({
      name: "Shopping bot",
    });
    await waitFor(() => expect(screen.getByText("Shopping bot", { selector: "span" })).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(screen.queryByLabelText("New API key")).toBeNull();
    expect(document.body.textContent).not.toContain(KEY);
  });

  it("asks for a name before sending, and shows the server's refusal", async () => {
    const calls = renderCard();
    await screen.findByRole("list", { name: "Your API keys" });
    fireEvent.click(screen.getByRole("button", { name: "Create key" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Give the key a name, such as the agent that will use it.",
    );
    expect(calls.some((c) => c.route === "POST /api/account/api-keys")).toBe(false);
    fireEvent.change(screen.getByLabelText("Key name"), { target: { value: "too many" } });
    fireEvent.click(screen.getByRole("button", { name: "Create key" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "You can have at most 10 API keys. Revoke one you no longer use first.",
      ),
    );
    expect(screen.queryByLabelText("New API key")).toBeNull();
  });

  it("revokes a key and lists it no more", async () => {
    const calls = renderCard();
    fireEvent.click(await screen.findByRole("button", { name: "Revoke Laptop agent" }));
    await waitFor(() => expect(screen.getByText("You have no API keys yet.")).toBeTruthy());
    expect(calls.some((c) => c.route === `DELETE /api/account/api-keys/${EXISTING.id}`)).toBe(true);
  });
});
