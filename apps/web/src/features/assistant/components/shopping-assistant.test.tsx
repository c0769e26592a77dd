import { spyOnToasts } from "@/test/spy-on-toasts";
import { ProductSchema } from "@haggle/contract/products";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { toast } from "@/lib/toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeProduct } from "@/test/make-product";
import { ASSISTANT_STORAGE_KEY } from "../lib/assistant-launch";
import { ShoppingAssistant } from "./shopping-assistant";

spyOnToasts();

const PROMPTS = ["Show me running shoes", "Gifts under $100", "What's on sale?"];
const XSS = "<img src=x onerror=alert(1)>";

const delta = (text: string) => `data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\n`;
const event = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
const DONE = "data: [DONE]\n\n";

/** An SSE body the test feeds chunk by chunk. */
function controlledStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } }),
    push: (chunk: string) => controller.enqueue(encoder.encode(chunk)),
    close: () => controller.close(),
  };
}

function sseResponse(chunks: string[]) {
  const s = controlledStream();
  for (const c of chunks) s.push(c);
  s.close();
  return s.response;
}

function jsonError(status: number, code: string, message: string) {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();

function sentBody(call = -1): unknown {
  const init = fetchMock.mock.calls.at(call)?.[1];
  return JSON.parse(String(init?.body));
}

function renderAssistant(onAddToCart = vi.fn()) {
  const view = render(
    <MemoryRouter>
      <p>The page</p>
      <ShoppingAssistant onAddToCart={onAddToCart} />
    </MemoryRouter>,
  );
  return { ...view, onAddToCart };
}

function openPanel() {
  fireEvent.click(screen.getByRole("button", { name: "Open shopping assistant" }));
  return screen.getByRole("dialog", { name: "Ava · Shopping assistant" });
}

const box = () => screen.getByLabelText("Message Ava") as HTMLTextAreaElement;

function typeAndEnter(text: string) {
  fireEvent.change(box(), { target: { value: text } });
  fireEvent.keyDown(box(), { key: "Enter" });
}

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.mocked(toast.error).mockClear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe("the shopping assistant", () => {
  it("opens from the floating button with a greeting and the suggested prompts; Escape closes it", async () => {
    renderAssistant();
    const launcher = screen.getByRole("button", { name: "Open shopping assistant" });
    expect(screen.queryByRole("dialog")).toBeNull();

    const panel = openPanel();
    expect(within(panel).getByText("Hi! I'm Ava. What are you shopping for today?")).toBeTruthy();
    const prompts = within(within(panel).getByRole("group", { name: "Try asking" })).getAllByRole("button");
    expect(prompts.map((b) => b.textContent)).toEqual(PROMPTS);
    await waitFor(() => expect(document.activeElement).toBe(box()));

    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(launcher);
  });

  it("a suggested prompt sends; the reply streams in, then a carousel; the prompts are gone", async () => {
    const stream = controlledStream();
    fetchMock.mockResolvedValueOnce(stream.response);
    const { onAddToCart } = renderAssistant();
    const panel = openPanel();

    fireEvent.click(within(panel).getByRole("button", { name: "Gifts under $100" }));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/functions/v1/shop-assistant");
    expect(sentBody()).toEqual({ messages: [{ role: "user", content: "Gifts under $100" }] });
    expect(within(panel).queryByRole("group", { name: "Try asking" })).toBeNull();
    expect(box().disabled).toBe(true);
    expect(within(panel).getByText("Ava is typing")).toBeTruthy();

    const conversation = within(panel).getByRole("list", { name: "Conversation" });
    await act(async () => stream.push(delta("Here are ")));
    await waitFor(() => expect(conversation.textContent).toContain("Here are"));
    await act(async () => stream.push(delta("2 gifts.")));
    await waitFor(() => expect(conversation.textContent).toContain("Here are 2 gifts."));
    expect(box().disabled).toBe(true);

    const kettle = makeProduct("k", { name: "Kettle", price: 49.99 });
    await act(async () => {
      stream.push(event({ type: "tool_result", products: [kettle, { id: "bad" }, makeProduct("c")] }));
      stream.push(DONE);
      stream.close();
    });
    await waitFor(() => expect(box().disabled).toBe(false));
    const cards = within(panel).getAllByRole("article");
    expect(cards).toHaveLength(2);
    fireEvent.click(within(cards[0]!).getByRole("button", { name: "Add to Cart" }));
    // The event carries dollars; the carousel hands on the product as code holds it (cents).
    expect(onAddToCart).toHaveBeenCalledWith(ProductSchema.parse(kettle));

    // Replies are announced politely once complete.
    const live = panel.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe("Ava: Here are 2 gifts. 2 products shown.");

    // The user's message on the right, Ava's on the left.
    const items = within(conversation).getAllByRole("listitem", { hidden: false });
    const roles = items.filter((li) => li.parentElement === conversation).map((li) => li.dataset.role);
    expect(roles).toEqual(["assistant", "user", "assistant"]);
  });

  it("a follow-up sends the conversation so far, without the greeting", async () => {
    fetchMock.mockResolvedValueOnce(sseResponse([delta("Six gifts."), DONE]));
    fetchMock.mockResolvedValueOnce(sseResponse([delta("Cheaper ones."), DONE]));
    renderAssistant();
    openPanel();
    typeAndEnter("Gifts under $100");
    await screen.findByText("Six gifts.");
    typeAndEnter("cheaper ones?");
    await screen.findByText("Cheaper ones.");
    expect(sentBody()).toEqual({
      messages: [
        { role: "user", content: "Gifts under $100" },
        { role: "assistant", content: "Six gifts." },
        { role: "user", content: "cheaper ones?" },
      ],
    });
  });

  it("ignores a second message while a reply is pending", async () => {
    const stream = controlledStream();
    fetchMock.mockResolvedValueOnce(stream.response);
    renderAssistant();
    openPanel();
    typeAndEnter("shoes");
    typeAndEnter("more");
    fireEvent.submit(box().closest("form")!);
    expect(fetchMock).toHaveBeenCalledOnce();
    await act(async () => {
      stream.push(delta("Done."));
      stream.close();
    });
    await screen.findByText("Done.");
  });

  it.each([
    [
      "HTTP 429",
      () => jsonError(429, "RATE_LIMITED", "Too many"),
      "Rate Limit",
      "Too many requests. Please wait a moment and try again.",
    ],
    [
      "HTTP 402",
      () => jsonError(402, "AI_UNAVAILABLE", "No credit"),
      "Service Unavailable",
      "AI service temporarily unavailable. Please try again later.",
    ],
    [
      "HTTP 500",
      () => new Response("oops", { status: 500 }),
      "Error",
      "Failed to send message. Please try again.",
    ],
    [
      "no body",
      () => new Response(null, { status: 200 }),
      "Error",
      "Failed to send message. Please try again.",
    ],
    ["an empty reply", () => sseResponse([DONE]), "Error", "Failed to send message. Please try again."],
  ])("%s shows its toast; the message stays with a Retry", async (_, response, title, description) => {
    fetchMock.mockResolvedValueOnce(response());
    renderAssistant();
    const panel = openPanel();
    typeAndEnter("Gifts under $100");
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(title, { description }));
    expect(toast.error).toHaveBeenCalledOnce();
    expect(within(panel).getByText("Gifts under $100")).toBeTruthy();
    expect(within(panel).queryByText("Ava is typing")).toBeNull();
    expect(box().disabled).toBe(false);

    fetchMock.mockResolvedValueOnce(sseResponse([delta("Found some."), DONE]));
    fireEvent.click(within(panel).getByRole("button", { name: "Retry" }));
    await within(panel).findByText("Found some.");
    expect(sentBody()).toEqual({ messages: [{ role: "user", content: "Gifts under $100" }] });
    expect(within(panel).queryByRole("button", { name: "Retry" })).toBeNull();
  });

  it("shows assistant and user text literally, never as HTML", async () => {
    fetchMock.mockResolvedValueOnce(
      sseResponse([
        delta(`Try ${XSS} `),
        event({ type: "tool_result", products: [makeProduct("x", { name: XSS })] }),
        DONE,
      ]),
    );
    renderAssistant();
    const panel = openPanel();
    typeAndEnter("<script>alert(2)</script>");
    const conversation = within(panel).getByRole("list", { name: "Conversation" });
    await within(conversation).findByText(`Try ${XSS}`, { exact: false });
    expect(within(conversation).getByText("<script>alert(2)</script>")).toBeTruthy();
    expect(within(panel).getByRole("link", { name: XSS })).toBeTruthy();
    expect(panel.querySelectorAll("script")).toHaveLength(0);
    // Only the product photo is an image.
    expect([...panel.querySelectorAll("img")].map((img) => img.getAttribute("src"))).toEqual([
      "/images/products/x.svg",
    ]);
  });

  it("keeps the conversation and the open panel across a reload (sessionStorage)", async () => {
    fetchMock.mockResolvedValueOnce(
      sseResponse([
        delta("Here you go."),
        event({ type: "tool_result", products: [makeProduct("p1")] }),
        DONE,
      ]),
    );
    const first = renderAssistant();
    openPanel();
    typeAndEnter("shoes");
    await screen.findByText("Here you go.");
    // The conversation is stored once the finished reply has rendered (an effect after the paint).
    const storedReply = () =>
      JSON.parse(sessionStorage.getItem(ASSISTANT_STORAGE_KEY) ?? "null")?.messages?.[2];
    await waitFor(() => {
      expect(storedReply()?.content).toBe("Here you go.");
      expect(storedReply()?.products?.[0]?.id).toBe("p1");
    });
    const stored = JSON.parse(sessionStorage.getItem(ASSISTANT_STORAGE_KEY) ?? "null");
    expect(stored.open).toBe(true);
    expect(stored.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ["assistant", "Hi! I'm Ava. What are you shopping for today?"],
      ["user", "shoes"],
      ["assistant", "Here you go."],
    ]);
    expect(typeof stored.messages[1].timestamp).toBe("number");
    expect(stored.messages[2].products[0].id).toBe("p1");
    first.unmount();

    renderAssistant();
    const panel = screen.getByRole("dialog", { name: "Ava · Shopping assistant" });
    expect(within(panel).getByText("shoes")).toBeTruthy();
    expect(within(panel).getByText("Here you go.")).toBeTruthy();
    expect(within(panel).getAllByRole("article")).toHaveLength(1);
    expect(within(panel).queryByRole("group", { name: "Try asking" })).toBeNull();

    fireEvent.click(within(panel).getByRole("button", { name: "Close shopping assistant" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(JSON.parse(sessionStorage.getItem(ASSISTANT_STORAGE_KEY) ?? "null").open).toBe(false);
  });

  it("starting over brings back the greeting and the prompts", async () => {
    fetchMock.mockResolvedValueOnce(sseResponse([delta("Hello."), DONE]));
    renderAssistant();
    const panel = openPanel();
    typeAndEnter("hi");
    await within(panel).findByText("Hello.");
    fireEvent.click(within(panel).getByRole("button", { name: "Start a new conversation" }));
    expect(within(panel).queryByText("Hello.")).toBeNull();
    expect(within(panel).getByRole("group", { name: "Try asking" })).toBeTruthy();
  });
});
