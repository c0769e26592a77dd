import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeProduct } from "@/test/make-product";
import { type AssistantMessage, greetingMessage } from "../lib/assistant-chat";
import { AssistantPanel, replyAnnouncement } from "./assistant-panel";

afterEach(cleanup);

const question: AssistantMessage = { id: "u", role: "user", content: "shoes", timestamp: 2 };
const answer: AssistantMessage = { id: "a", role: "assistant", content: "Here.", timestamp: 3 };

function renderPanel(messages: AssistantMessage[], isPending = false) {
  const onSend = vi.fn(() => true);
  const onRetry = vi.fn();
  render(
    <MemoryRouter>
      <DialogPrimitive.Root open modal={false}>
        <DialogPrimitive.Content>
          <AssistantPanel
            messages={messages}
            isPending={isPending}
            onSend={onSend}
            onRetry={onRetry}
            onReset={vi.fn()}
            onAddToCart={vi.fn()}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Root>
    </MemoryRouter>,
  );
  return { onSend, onRetry };
}

const prompts = () => screen.queryByRole("group", { name: "Try asking" });

describe("the assistant panel", () => {
  it("offers the suggested prompts while only the greeting exists; clicking one sends it", () => {
    const { onSend } = renderPanel([greetingMessage(1)]);
    expect(prompts()).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "What's on sale?" }));
    expect(onSend).toHaveBeenCalledWith("What's on sale?");
  });

  it.each([
    ["a question was asked", [greetingMessage(1), question]],
    ["a question failed", [greetingMessage(1), { ...question, failed: true }]],
    ["the greeting is gone", [question, answer]],
  ])("hides the prompts once %s", (_, messages) => {
    renderPanel(messages);
    expect(prompts()).toBeNull();
  });

  it("offers a Retry only on a failed last question, and not while a reply is pending", () => {
    const { onRetry } = renderPanel([greetingMessage(1), { ...question, failed: true }]);
    expect(screen.getByText("Not sent.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("announces a finished reply with its product count, nothing while it streams or for the greeting", () => {
    expect(replyAnnouncement([greetingMessage(1)], false)).toBe("");
    expect(replyAnnouncement([question, { ...answer, streaming: true }], true)).toBe("");
    expect(replyAnnouncement([question, answer], false)).toBe("Ava: Here.");
    expect(
      replyAnnouncement([question, { ...answer, products: [makeProduct("1"), makeProduct("2")] }], false),
    ).toBe("Ava: Here. 2 products shown.");
    expect(replyAnnouncement([question], false)).toBe("");
  });
});
