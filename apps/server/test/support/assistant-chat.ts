import { expect } from "vitest";
import { readChatStream } from "./http-client.ts";
import type { TestServer } from "./test-server.ts";

/** A product as the assistant's carousel carries it (the fields the assistant tests read). */
export interface ShownProduct {
  id: string;
  name: string;
  brand: string;
  category: string;
  price: number;
  listPrice: number;
  rating: number;
  reviewCount: number;
  inStock: boolean;
  tags: string[];
}

/**
 * Plays the shopper's messages one by one through the assistant's route, answering each with
 * the assistant's reply as the web app does; returns the last reply's text and products.
 */
export async function converse(server: TestServer, shopper: string[]) {
  const history: { role: "user" | "assistant"; content: string }[] = [];
  let last = { text: "", products: [] as ShownProduct[] };
  for (const content of shopper) {
    history.push({ role: "user", content });
    const res = await fetch(`${server.baseUrl}/functions/v1/shop-assistant`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ messages: history }),
    });
    expect(res.status).toBe(200);
    const chat = await readChatStream(res);
    last = {
      text: chat.text,
      products: chat.events
        .filter((e) => e.type === "tool_result")
        .flatMap((e) => e.products as ShownProduct[]),
    };
    history.push({ role: "assistant", content: chat.text });
  }
  return last;
}
