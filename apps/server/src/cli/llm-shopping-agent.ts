import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { type AiConfig, type ChatTurn, streamChat, type ToolSpec } from "../platform/ai/openai-compatible.ts";
import { describeResult, type ErrandOptions, type ErrandOutcome, short } from "./shopping-agent.ts";

/**
 * The reference agent with an LLM at the wheel (AI_BASE_URL set): the model is handed the
 * shop's MCP tools as functions and the errand; every call it makes goes to /mcp through the SDK
 * client and is printed with its result. The shop's limits do not depend on the model's manners:
 * Ava's policy bounds whatever it asks.
 */

/** Enough steps for search, cart, a few haggling turns, accept and checkout. */
const MAX_STEPS = 16;

function systemPrompt(options: ErrandOptions): string {
  const checkout = options.placeOrder
    ? `When the cart is settled, call start_checkout with mode "place_order"${options.address ? ` and this address: ${JSON.stringify(options.address)}` : ""}, then get_order.`
    : 'When the cart is settled, call start_checkout with mode "link" so the shopper pays at the checkout page.';
  return [
    "You are a shopping agent buying for your user at Haggle, a shop whose negotiator Ava haggles the cart's price.",
    "Use the tools: search_products (prices in US dollars; respect the user's budget), get_product, update_cart.",
    "If the user wants a discount, negotiate politely for a few turns (one message per negotiate call), then accept_offer while an offer stands.",
    checkout,
    "Finish with one short sentence saying what you bought and what it cost.",
  ].join(" ");
}

interface PendingCall {
  id: string;
  name: string;
  arguments: string;
}

export async function runErrandWithLlm(
  client: Client,
  ai: AiConfig,
  errand: string,
  options: ErrandOptions,
): Promise<ErrandOutcome> {
  const { print } = options;
  print(`Errand: ${errand} (planned by ${ai.model} at ${ai.baseUrl})`);
  const { tools } = await client.listTools();
  const specs: ToolSpec[] = tools.map((t) => ({
    type: "function",
    function: { name: t.name, description: t.description ?? "", parameters: t.inputSchema },
  }));
  const messages: ChatTurn[] = [
    { role: "system", content: systemPrompt(options) },
    { role: "user", content: errand },
  ];
  let outcome: ErrandOutcome = { status: "browsed" };
  for (let step = 0; step < MAX_STEPS; step += 1) {
    let text = "";
    const calls: PendingCall[] = [];
    for await (const chunk of streamChat(ai, { messages, tools: specs, temperature: 0.2 })) {
      text += chunk.content ?? "";
      for (const delta of chunk.toolCallDeltas ?? []) {
        const call = calls[delta.index] ?? {
          id: delta.id ?? `call_${step}_${delta.index}`,
          name: "",
          arguments: "",
        };
        calls[delta.index] = call;
        if (delta.id) call.id = delta.id;
        call.name += delta.name ?? "";
        call.arguments += delta.arguments ?? "";
      }
    }
    const made = calls.filter((c) => c.name.length > 0);
    if (made.length === 0) {
      if (text.trim()) print(`Agent: ${text.trim()}`);
      return outcome;
    }
    messages.push({
      role: "assistant",
      content: text || null,
      tool_calls: made.map((c) => ({
        id: c.id,
        type: "function",
        function: { name: c.name, arguments: c.arguments },
      })),
    });
    for (const call of made) {
      let args: Record<string, unknown> = {};
      try {
        args = call.arguments.trim() ? (JSON.parse(call.arguments) as Record<string, unknown>) : {};
      } catch {
        // Malformed arguments go to the shop as they are not: an empty object, and the tool says what it needs.
      }
      print(`→ ${call.name} ${short(args, 200)}`);
      const result = await client.callTool({ name: call.name, arguments: args });
      const content = (result.content as { text?: string }[]).map((c) => c.text ?? "").join("");
      if (result.isError) print(`✗ ${content}`);
      else {
        // biome-ignore lint/suspicious/noExplicitAny: the tools' structured answers are read field by field.
        const value = result.structuredContent as any;
        print(`← ${describeResult(call.name, value)}`);
        if (call.name === "start_checkout" && value.status === "placed")
          outcome = {
            status: "ordered",
            orderNumber: value.order.number,
            total: value.order.total,
            discount: value.order.discount,
          };
        if (call.name === "start_checkout" && value.status === "link")
          outcome = { status: "link", checkoutUrl: value.checkoutUrl };
      }
      messages.push({ role: "tool", tool_call_id: call.id, content });
    }
  }
  print(`(stopped after ${MAX_STEPS} steps)`);
  return outcome;
}
