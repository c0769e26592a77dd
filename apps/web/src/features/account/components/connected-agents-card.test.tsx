import { spyOnToasts } from "@/test/spy-on-toasts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { ConnectedAgentsCard } from "./connected-agents-card";

spyOnToasts();

const AGENT = {
  clientId: "agent-client-1",
  name: "Desk Agent",
  scopes: ["browse", "cart"],
  connectedAt: "2026-11-20T10:00:00.000Z",
  lastUsedAt: "2026-11-21T10:00:00.000Z",
};

describe("the account page's connected agents", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists each agent with its scopes in plain words and revokes it", async () => {
    let agents = [AGENT];
    const { fetchFn, calls } = routeFetch({
      "GET /api/account/connected-agents": () => jsonResponse(200, agents),
      "POST /api/account/connected-agents/revoke": () => {
        agents = [];
        return jsonResponse(200, { revoked: true });
      },
    });
    vi.stubGlobal("fetch", fetchFn);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ConnectedAgentsCard />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole("list", { name: "Your connected agents" });
    expect(within(list).getByText("Desk Agent")).toBeTruthy();
    expect(within(list).getByText(/See and change your cart/)).toBeTruthy();
    fireEvent.click(within(list).getByRole("button", { name: "Revoke Desk Agent" }));
    await waitFor(() => expect(screen.getByText("No agent is connected.")).toBeTruthy());
    const revoke = calls.find((c) => c.route === "POST /api/account/connected-agents/revoke");
    expect(revoke?.body).toEqual({ clientId: "agent-client-1" });
  });
});
