import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ASSISTANT_STORAGE_KEY } from "../lib/assistant-launch";
import { AssistantLauncher } from "./assistant-launcher";

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

function renderLauncher() {
  return render(
    <MemoryRouter>
      <AssistantLauncher onAddToCart={vi.fn()} />
    </MemoryRouter>,
  );
}

describe("the assistant's launcher", () => {
  it("is only a button until clicked; then the assistant loads, opens and takes the focus", async () => {
    renderLauncher();
    const launcher = screen.getByRole("button", { name: "Open shopping assistant" });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(launcher);
    const panel = await screen.findByRole("dialog", { name: "Ava · Shopping assistant" });
    expect(panel).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Message Ava")));
    expect(screen.queryByRole("button", { name: "Open shopping assistant" })).toBeNull();
  });

  it("opens at once, without taking the focus, when the shopper left the chat open", async () => {
    sessionStorage.setItem(ASSISTANT_STORAGE_KEY, JSON.stringify({ open: true, messages: [] }));
    renderLauncher();
    expect(await screen.findByRole("dialog", { name: "Ava · Shopping assistant" })).toBeTruthy();
    expect(document.activeElement).not.toBe(screen.getByLabelText("Message Ava"));
  });

  it("stays closed when the stored chat was closed or is damaged", () => {
    sessionStorage.setItem(ASSISTANT_STORAGE_KEY, "{not json");
    renderLauncher();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Open shopping assistant" })).toBeTruthy();
  });
});
