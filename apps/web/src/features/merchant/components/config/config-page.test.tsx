import { spyOnToasts } from "@/test/spy-on-toasts";
import type { MerchantConfig } from "@haggle/contract/merchant";
import { DEFAULT_SELLER_CONFIG } from "@haggle/domain/merchant/seller-config";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { toast } from "@/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, routeFetch } from "@/test/make-cart";
import { EscalationRulesPage } from "./config-escalation-page";
import { NegotiationConfigPage } from "./config-page";
import { routesAt } from "@/test/routes-at";
import { stubResizeObserver } from "@/test/viewport";

spyOnToasts();

// The agents card's switch measures itself; jsdom has no layout (each test's afterEach unstubs it).
beforeEach(() => {
  stubResizeObserver();
});

function makeConfig(): MerchantConfig {
  return {
    // The shop's defaults, copied so that a test cannot change them for the next one.
    config: structuredClone(DEFAULT_SELLER_CONFIG),
    updatedAt: {
      negotiation_limits: null,
      tier_benefits: null,
      escalation_rules: null,
      global_rules: null,
      pricing: null,
      agents: null,
    },
  };
}

/** A server keeping one config: each PUT replaces its section, as the real one does. */
function configServer(reject?: { status: number; message: string }) {
  const current = makeConfig();
  const put = (type: keyof MerchantConfig["config"]) => (init: RequestInit | undefined) => {
    if (reject)
      return jsonResponse(reject.status, { error: { code: "CONFIG_CONFLICT", message: reject.message } });
    Object.assign(current.config, { [type]: JSON.parse(String(init?.body)) });
    current.updatedAt[type] = new Date().toISOString();
    return jsonResponse(200, current);
  };
  const server = routeFetch({
    "GET /api/merchant/config": () => jsonResponse(200, current),
    "PUT /api/merchant/config/negotiation_limits": put("negotiation_limits"),
    "PUT /api/merchant/config/tier_benefits": put("tier_benefits"),
    "PUT /api/merchant/config/escalation_rules": put("escalation_rules"),
    "PUT /api/merchant/config/global_rules": put("global_rules"),
    "PUT /api/merchant/config/pricing": put("pricing"),
    "PUT /api/merchant/config/agents": put("agents"),
  });
  return { ...server, current };
}

/** The app's router (the unsaved-changes guard needs its blocker). */
function renderWith(page: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { element: routed, history: router } = routesAt(
    [
      { path: "/merchant/page", element: page },
      { path: "/merchant/escalation-rules", element: <p>Escalation Rules page</p> },
    ],
    "/merchant/page",
  );
  render(<QueryClientProvider client={client}>{routed}</QueryClientProvider>);
  return Object.assign(router, { client });
}

function openTab(name: string) {
  const tab = screen.getByRole("tab", { name: new RegExp(`^${name}`) });
  fireEvent.mouseDown(tab);
  fireEvent.click(tab);
}

/** The Save button of the tab's first card (the Global Rules tab also holds the 'AI agents' card). */
const saveButton = () => screen.getAllByRole("button", { name: "Save" })[0] as HTMLElement;

const puts = <C extends { route: string }>(calls: C[]) => calls.filter((c) => c.route.startsWith("PUT "));

describe("NegotiationConfigPage", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("saves the whole limits section and explains the band live", async () => {
    const { fetchFn, calls } = configServer();
    vi.stubGlobal("fetch", fetchFn);
    renderWith(<NegotiationConfigPage />);

    const pct = await screen.findByLabelText("Max auto discount (%)");
    expect(screen.getByRole("heading", { level: 1, name: "Negotiation Configuration" })).toBeTruthy();
    expect(screen.getByTestId("negotiation-band").textContent).toBe(
      "Ava may give up to 15% (at most $150.00) on her own; asks up to 25% (at most $400.00) go to you for approval; above that she declines.",
    );
    fireEvent.change(pct, { target: { value: "10" } });
    expect(screen.getByTestId("negotiation-band").textContent).toContain(
      "up to 10% (at most $150.00) on her own",
    );
    expect(screen.getByText("You have unsaved changes.")).toBeTruthy();

    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Configuration saved successfully", undefined),
    );
    expect(puts(calls)).toEqual([
      {
        route: "PUT /api/merchant/config/negotiation_limits",
        body: {
          max_auto_discount_pct: 10,
          max_auto_discount_amount: 150,
          bundling_discount_bonus: 5,
          stance: "balanced",
        },
        headers: expect.anything(),
      },
    ]);
    expect(await screen.findByText(/^Last saved/)).toBeTruthy();
    expect((screen.getByLabelText("Max auto discount (%)") as HTMLInputElement).value).toBe("10");
  });

  it("shows the stance (balanced by default) and saves the one the merchant chooses with the limits", async () => {
    const { fetchFn, calls, current } = configServer();
    vi.stubGlobal("fetch", fetchFn);
    renderWith(<NegotiationConfigPage />);

    const balanced = (await screen.findByRole("radio", { name: /^Balanced/ })) as HTMLInputElement;
    expect(screen.getByRole("group", { name: "Stance" })).toBeTruthy();
    expect(balanced.checked).toBe(true);
    expect(screen.queryByText("You have unsaved changes.")).toBeNull();
    const protect = screen.getByRole("radio", { name: /^Protect margin/ }) as HTMLInputElement;
    fireEvent.click(protect);
    expect(protect.checked).toBe(true);
    expect(screen.getByText("You have unsaved changes.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Configuration saved successfully", undefined),
    );
    expect(puts(calls).map((c) => c.body)).toEqual([
      {
        max_auto_discount_pct: 15,
        max_auto_discount_amount: 150,
        bundling_discount_bonus: 5,
        stance: "protect-margin",
      },
    ]);
    expect(current.config.negotiation_limits.stance).toBe("protect-margin");
    await waitFor(() => expect(screen.queryByText("You have unsaved changes.")).toBeNull());
    expect((screen.getByRole("radio", { name: /^Protect margin/ }) as HTMLInputElement).checked).toBe(true);
  });

  it("shows the schema's message beside the field and sends nothing", async () => {
    const { fetchFn, calls } = configServer();
    vi.stubGlobal("fetch", fetchFn);
    renderWith(<NegotiationConfigPage />);

    const pct = await screen.findByLabelText("Max auto discount (%)");
    fireEvent.change(pct, { target: { value: "120" } });
    fireEvent.change(screen.getByLabelText("Max auto discount amount ($)"), { target: { value: "" } });
    fireEvent.click(saveButton());

    expect(await screen.findByText("Max auto discount must be from 0% to 90%.")).toBeTruthy();
    expect(screen.getByText("Max auto discount amount must be a number.")).toBeTruthy();
    expect(pct.getAttribute("aria-invalid")).toBe("true");
    expect(pct.getAttribute("aria-describedby")).toContain("negotiation_limits-max_auto_discount_pct-error");
    expect(document.activeElement).toBe(pct);
    expect(puts(calls)).toHaveLength(0);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("refuses a cap above the escalation ceiling before asking the server", async () => {
    const { fetchFn, calls } = configServer();
    vi.stubGlobal("fetch", fetchFn);
    renderWith(<NegotiationConfigPage />);
    fireEvent.change(await screen.findByLabelText("Max auto discount (%)"), { target: { value: "30" } });
    fireEvent.click(saveButton());
    expect(
      await screen.findByText(
        "Max auto discount cannot be above the escalation ceiling (25%). Raise the ceiling first.",
      ),
    ).toBeTruthy();
    expect(puts(calls)).toHaveLength(0);
  });

  it("says 'Failed to save configuration' with the server's message", async () => {
    const { fetchFn } = configServer({ status: 400, message: "The server says no." });
    vi.stubGlobal("fetch", fetchFn);
    renderWith(<NegotiationConfigPage />);
    fireEvent.change(await screen.findByLabelText("Bundling bonus (%)"), { target: { value: "7" } });
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to save configuration", {
        description: "The server says no.",
      }),
    );
    expect(screen.getByRole("alert").textContent).toBe("The server says no.");
    // The edit is kept for another try.
    expect((screen.getByLabelText("Bundling bonus (%)") as HTMLInputElement).value).toBe("7");
  });

  it("keeps edits across tabs and saves tier benefits and global rules as whole sections", async () => {
    const { fetchFn, calls } = configServer();
    vi.stubGlobal("fetch", fetchFn);
    renderWith(<NegotiationConfigPage />);
    fireEvent.change(await screen.findByLabelText("Max auto discount (%)"), { target: { value: "12" } });

    openTab("Tier Benefits");
    expect(screen.getByText("New Customer: no order yet. Bronze: from the first order.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Gold extra points (%)"), { target: { value: "4" } });
    fireEvent.change(screen.getByLabelText("Gold threshold ($)"), { target: { value: "6000" } });
    fireEvent.click(saveButton());
    expect(
      await screen.findByText("Tier thresholds must rise: Silver below Gold below Platinum."),
    ).toBeTruthy();
    expect(puts(calls)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Gold threshold ($)"), { target: { value: "2500" } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(puts(calls).map((c) => [c.route, c.body])).toEqual([
      [
        "PUT /api/merchant/config/tier_benefits",
        {
          extra_points: { NONE: 0, BRONZE: 1, SILVER: 2, GOLD: 4, PLATINUM: 5 },
          thresholds: { SILVER: 500, GOLD: 2500, PLATINUM: 5000 },
        },
      ],
    ]);

    openTab("Global Rules");
    expect(screen.getByText(/Escalation ceiling: 25% and \$400\.00/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Change it in Escalation Rules" }).getAttribute("href")).toBe(
      "/merchant/escalation-rules",
    );
    fireEvent.change(screen.getByLabelText("Tax rate (%)"), { target: { value: "8.5" } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(2));
    // Only the changed section of the two is sent.
    expect(puts(calls).at(-1)).toMatchObject({
      route: "PUT /api/merchant/config/pricing",
      body: { free_shipping_threshold: 100, flat_shipping: 10, tax_rate_pct: 8.5 },
    });

    openTab("Negotiation Limits");
    expect((screen.getByLabelText("Max auto discount (%)") as HTMLInputElement).value).toBe("12");
  });
});

describe("the settings forms", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("keeps an edit through a refresh from the server, and shows the new saved values elsewhere", async () => {
    const { fetchFn, current } = configServer();
    vi.stubGlobal("fetch", fetchFn);
    const { client } = renderWith(<NegotiationConfigPage />);
    fireEvent.change(await screen.findByLabelText("Max auto discount (%)"), { target: { value: "12" } });

    // Another tab or merchant saved the limits meanwhile.
    current.config.negotiation_limits = {
      max_auto_discount_pct: 20,
      max_auto_discount_amount: 175,
      bundling_discount_bonus: 6,
      stance: "balanced",
    };
    await act(() => client.invalidateQueries());
    await waitFor(() =>
      expect((screen.getByLabelText("Max auto discount amount ($)") as HTMLInputElement).value).toBe("175"),
    );
    expect((screen.getByLabelText("Bundling bonus (%)") as HTMLInputElement).value).toBe("6");
    expect((screen.getByLabelText("Max auto discount (%)") as HTMLInputElement).value).toBe("12");
    expect(screen.getByText("You have unsaved changes.")).toBeTruthy();
  });

  it("does the same for a section whose tab is not shown", async () => {
    const { fetchFn, current } = configServer();
    vi.stubGlobal("fetch", fetchFn);
    const { client } = renderWith(<NegotiationConfigPage />);
    await screen.findByLabelText("Max auto discount (%)");
    openTab("Tier Benefits");
    fireEvent.change(screen.getByLabelText("Gold extra points (%)"), { target: { value: "4" } });
    openTab("Negotiation Limits");

    current.config.tier_benefits = {
      ...current.config.tier_benefits,
      extra_points: { ...current.config.tier_benefits.extra_points, GOLD: 7, PLATINUM: 9 },
    };
    await act(() => client.invalidateQueries());
    openTab("Tier Benefits");
    await waitFor(() =>
      expect((screen.getByLabelText("Platinum extra points (%)") as HTMLInputElement).value).toBe("9"),
    );
    expect((screen.getByLabelText("Gold extra points (%)") as HTMLInputElement).value).toBe("4");
  });

  it("puts the rising-thresholds rule under the thresholds, focuses the first of them and clears it on an edit", async () => {
    const { fetchFn, calls } = configServer();
    vi.stubGlobal("fetch", fetchFn);
    renderWith(<NegotiationConfigPage />);
    await screen.findByLabelText("Max auto discount (%)");
    openTab("Tier Benefits");
    fireEvent.change(screen.getByLabelText("Platinum threshold ($)"), { target: { value: "1000" } });
    fireEvent.click(saveButton());

    const rule = "Tier thresholds must rise: Silver below Gold below Platinum.";
    expect(await screen.findByText(rule)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Silver threshold ($)"));
    expect(puts(calls)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Platinum threshold ($)"), { target: { value: "9000" } });
    await waitFor(() => expect(screen.queryByText(rule)).toBeNull());
  });

  it("focuses the first wrong field of the first wrong section when one Save stands for two", async () => {
    const { fetchFn, calls } = configServer();
    vi.stubGlobal("fetch", fetchFn);
    renderWith(<NegotiationConfigPage />);
    await screen.findByLabelText("Max auto discount (%)");
    openTab("Global Rules");
    fireEvent.change(screen.getByLabelText("Maximum rounds"), { target: { value: "0" } });
    fireEvent.change(screen.getByLabelText("Tax rate (%)"), { target: { value: "80" } });
    fireEvent.click(saveButton());

    expect(await screen.findByText("Maximum rounds must be from 1 to 50.")).toBeTruthy();
    expect(screen.getByText("Tax rate must be from 0% to 50%.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Maximum rounds"));
    expect(puts(calls)).toHaveLength(0);
  });
});

describe("leaving with unsaved settings", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("asks first; staying keeps the edit, leaving goes", async () => {
    const { fetchFn } = configServer();
    vi.stubGlobal("fetch", fetchFn);
    const router = renderWith(<NegotiationConfigPage />);
    fireEvent.change(await screen.findByLabelText("Max auto discount (%)"), { target: { value: "12" } });
    openTab("Global Rules");
    fireEvent.click(screen.getByRole("link", { name: "Change it in Escalation Rules" }));

    expect(await screen.findByRole("dialog", { name: "Leave without saving?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Stay on this page" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(router.location.pathname).toBe("/merchant/page");

    fireEvent.click(screen.getByRole("link", { name: "Change it in Escalation Rules" }));
    fireEvent.click(await screen.findByRole("button", { name: "Leave without saving" }));
    expect(await screen.findByText("Escalation Rules page")).toBeTruthy();
  });

  it("switches agent negotiation off in its own card, saved as the agents section", async () => {
    const { fetchFn, calls, current } = configServer();
    vi.stubGlobal("fetch", fetchFn);
    renderWith(<NegotiationConfigPage />);
    await screen.findByLabelText("Max auto discount (%)");
    openTab("Global Rules");
    const card = screen.getByRole("region", { name: "AI agents" });
    const toggle = within(card).getByRole("switch", { name: "Let shoppers' AI agents negotiate" });
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(within(card).getByText("The shop's defaults are in force.")).toBeTruthy();

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(within(card).getByText("You have unsaved changes.")).toBeTruthy();
    expect(within(card).getByText(/Ava does not negotiate with them/)).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Configuration saved successfully"));
    expect(puts(calls).map((c) => [c.route, c.body])).toEqual([
      ["PUT /api/merchant/config/agents", { allow_negotiation: false }],
    ]);
    expect(current.config.agents).toEqual({ allow_negotiation: false });
    await waitFor(() => expect(within(card).getByText(/Last saved/)).toBeTruthy());
    expect(toggle.getAttribute("aria-checked")).toBe("false");
  });

  it("lets the merchant go without asking when nothing is unsaved", async () => {
    const { fetchFn } = configServer();
    vi.stubGlobal("fetch", fetchFn);
    renderWith(<NegotiationConfigPage />);
    await screen.findByLabelText("Max auto discount (%)");
    openTab("Global Rules");
    fireEvent.click(screen.getByRole("link", { name: "Change it in Escalation Rules" }));
    expect(await screen.findByText("Escalation Rules page")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("EscalationRulesPage", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("explains the band, refuses a ceiling below the cap and saves a valid one", async () => {
    const { fetchFn, calls } = configServer();
    vi.stubGlobal("fetch", fetchFn);
    renderWith(<EscalationRulesPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Escalation Rules" })).toBeTruthy();
    const pct = await screen.findByLabelText("Escalation ceiling (%)");
    fireEvent.change(pct, { target: { value: "10" } });
    fireEvent.click(saveButton());
    expect(
      await screen.findByText(
        "Escalation ceiling cannot be below the max auto discount (15%). Lower the max auto discount first.",
      ),
    ).toBeTruthy();
    expect(puts(calls)).toHaveLength(0);

    fireEvent.change(pct, { target: { value: "30" } });
    expect(screen.getByTestId("negotiation-band").textContent).toContain(
      "asks up to 30% (at most $400.00) go to you",
    );
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Configuration saved successfully", undefined),
    );
    expect(puts(calls)).toMatchObject([
      { route: "PUT /api/merchant/config/escalation_rules", body: { ceiling_pct: 30, ceiling_amount: 400 } },
    ]);
  });
});
