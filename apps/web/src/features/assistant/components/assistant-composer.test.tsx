import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AssistantComposer } from "./assistant-composer";

afterEach(cleanup);

// The keyboard and blank-text rules are the chat kit's (components/chat/chat-composer.test.tsx);
// the assistant's box adds the text it holds until a message is taken.
function setup(accepted: boolean) {
  const onSend = vi.fn((_text: string) => accepted);
  render(<AssistantComposer onSend={onSend} isPending={false} />);
  const box = screen.getByLabelText("Message Ava") as HTMLTextAreaElement;
  return { onSend, box };
}

describe("the assistant's message box", () => {
  it("empties the box once the message is taken", () => {
    const { onSend, box } = setup(true);
    fireEvent.change(box, { target: { value: "running shoes" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("running shoes");
    expect(box.value).toBe("");
  });

  it("keeps the text when the message was not taken", () => {
    const { onSend, box } = setup(false);
    fireEvent.change(box, { target: { value: "keep me" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).toHaveBeenCalledOnce();
    expect(box.value).toBe("keep me");
  });

  it("keeps its label for screen readers only, in the panel's one-line size", () => {
    setup(true);
    expect(screen.getByText("Message Ava").className).toContain("sr-only");
    expect(screen.queryByText("Enter to send, Shift+Enter for a new line")).toBeNull();
  });
});
