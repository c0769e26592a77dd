import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ChatBubble } from "./chat-bubble";

afterEach(cleanup);

describe("the chat kit's bubble", () => {
  it("says who speaks to screen readers and shows markup as text", () => {
    render(<ChatBubble mine text="<b>10% off?</b>" />);
    expect(screen.getByText("You:", { exact: false }).className).toContain("sr-only");
    expect(screen.getByText("<b>10% off?</b>")).toBeTruthy();
    expect(document.querySelector("b")).toBeNull();
  });

  it("shows Ava typing while her reply has no text yet, then the text", () => {
    const view = render(<ChatBubble mine={false} text="" streaming />);
    expect(screen.getByText("Ava is typing")).toBeTruthy();
    view.rerender(<ChatBubble mine={false} text="Let me see." streaming />);
    expect(screen.queryByText("Ava is typing")).toBeNull();
    expect(screen.getByText("Let me see.")).toBeTruthy();
  });
});
