import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AssistantComposer } from "./assistant-composer";

afterEach(cleanup);

function setup(isPending = false, accepted = true) {
  const onSend = vi.fn((_text: string) => accepted);
  const view = render(<AssistantComposer onSend={onSend} isPending={isPending} />);
  const box = screen.getByLabelText("Message Ava") as HTMLTextAreaElement;
  return { onSend, box, view };
}

describe("the assistant's message box", () => {
  it("Enter sends the text and empties the box", () => {
    const { onSend, box } = setup();
    fireEvent.change(box, { target: { value: "running shoes" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("running shoes");
    expect(box.value).toBe("");
  });

  it("Shift+Enter does not send (the box keeps a new line)", () => {
    const { onSend, box } = setup();
    fireEvent.change(box, { target: { value: "line one" } });
    const notPrevented = fireEvent.keyDown(box, { key: "Enter", shiftKey: true });
    expect(notPrevented).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe("line one");
  });

  it("Enter while composing with an input method does not send", () => {
    const { onSend, box } = setup();
    fireEvent.change(box, { target: { value: "にほん" } });
    fireEvent.keyDown(box, { key: "Enter", isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it("ignores blank text: the send button is disabled and Enter does nothing", () => {
    const { onSend, box } = setup();
    const button = screen.getByRole("button", { name: "Send message" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(box, { target: { value: "   \n  " } });
    expect(button.disabled).toBe(true);
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: "hi" } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(onSend).toHaveBeenCalledWith("hi");
  });

  it("is disabled while a reply is pending", () => {
    const { onSend, box } = setup(true);
    expect(box.disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Send message" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).not.toHaveBeenCalled();
  });

  it("keeps the text when the message was not taken", () => {
    const { onSend, box } = setup(false, false);
    fireEvent.change(box, { target: { value: "keep me" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).toHaveBeenCalledOnce();
    expect(box.value).toBe("keep me");
  });
});
