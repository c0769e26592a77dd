import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChatComposer, canSendMessage } from "./chat-composer";

afterEach(cleanup);

function Harness({
  onSend,
  isPending = false,
  disabled = false,
}: {
  onSend: (text: string) => void;
  isPending?: boolean;
  disabled?: boolean;
}) {
  const [value, setValue] = useState("");
  return (
    <ChatComposer
      placeholder="Ask Ava for a better price…"
      value={value}
      onValueChange={setValue}
      onSend={(text) => {
        onSend(text);
        setValue("");
      }}
      isPending={isPending}
      disabled={disabled}
    />
  );
}

function setup(props: { isPending?: boolean; disabled?: boolean } = {}) {
  const onSend = vi.fn();
  render(<Harness onSend={onSend} {...props} />);
  const box = screen.getByLabelText("Message Ava") as HTMLTextAreaElement;
  const button = screen.getByRole("button", { name: "Send message" }) as HTMLButtonElement;
  return { onSend, box, button };
}

describe("the chat kit's message box (the negotiation's size)", () => {
  it("Enter sends", () => {
    const { onSend, box } = setup();
    fireEvent.change(box, { target: { value: "Can I get a discount?" } });
    const notPrevented = fireEvent.keyDown(box, { key: "Enter" });
    expect(notPrevented).toBe(false);
    expect(onSend).toHaveBeenCalledWith("Can I get a discount?");
    expect(box.value).toBe("");
  });

  it("Shift+Enter does not send: the new line stays in the box", () => {
    const { onSend, box } = setup();
    fireEvent.change(box, { target: { value: "Can you do better?" } });
    const notPrevented = fireEvent.keyDown(box, { key: "Enter", shiftKey: true });
    expect(notPrevented).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe("Can you do better?");
  });

  it("Enter while composing with an input method does not send", () => {
    const { onSend, box } = setup();
    fireEvent.change(box, { target: { value: "ねびき" } });
    fireEvent.keyDown(box, { key: "Enter", isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it("send is disabled while the text is blank after trimming", () => {
    const { onSend, box, button } = setup();
    expect(button.disabled).toBe(true);
    fireEvent.change(box, { target: { value: "  \n\t " } });
    expect(button.disabled).toBe(true);
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: " 10% off? " } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(onSend).toHaveBeenCalledWith(" 10% off? ");
  });

  it("the box and send are disabled while a reply is pending", () => {
    const { onSend, box, button } = setup({ isPending: true });
    expect(box.disabled).toBe(true);
    expect(button.disabled).toBe(true);
    expect(box.placeholder).toBe("Ava is replying…");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).not.toHaveBeenCalled();
  });

  it("has a visible label", () => {
    setup();
    expect(screen.getByText("Message Ava").tagName).toBe("LABEL");
  });

  it("canSendMessage: not blank, not pending, not closed", () => {
    expect(canSendMessage("hi", false)).toBe(true);
    expect(canSendMessage("   ", false)).toBe(false);
    expect(canSendMessage("hi", true)).toBe(false);
    expect(canSendMessage("hi", false, true)).toBe(false);
  });
});
