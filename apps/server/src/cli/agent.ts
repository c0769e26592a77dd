/**
 * `npm run agent -- "buy me running shoes under $120 and get a discount"`: the reference agent.
 * Without --url it starts a shop in this process on a fresh embedded database in a temporary
 * folder (seeded; removed afterwards), signs a demo shopper up, creates their API key and runs
 * the errand over real HTTP to /mcp with the official MCP SDK client, placing the order (pay on
 * delivery). With --url (and HAGGLE_API_KEY or --key) it shops at a running shop instead and,
 * unless --place-order, hands back the checkout link for a human to pay; --place-order ships to
 * --address="name=…;line1=…;city=…;postalCode=…;country=…" (saved for the shopper), or else to
 * the shopper's last used address. With AI_BASE_URL set, an LLM (AI_MODEL) plans the calls
 * instead of the built-in deterministic planner.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { parseEnv } from "../env.ts";
import { ADDRESS_FLAG_EXAMPLE, parseAddressFlag } from "./address-flag.ts";
import { startShopInProcess } from "../shop-in-process.ts";
import { runErrandWithLlm } from "./llm-shopping-agent.ts";
import { ErrandStopped, runErrand } from "./shopping-agent.ts";

const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const errand = args
  .filter((a) => !a.startsWith("--"))
  .join(" ")
  .trim();
if (!errand) {
  console.error(
    `Usage: npm run agent -- "buy me running shoes under $120 and get a discount" [--url=http://localhost:3000 --key=hgl_... --place-order ${ADDRESS_FLAG_EXAMPLE}]`,
  );
  process.exit(2);
}
const addressFlag = flag("address");
const givenAddress = addressFlag === undefined ? undefined : parseAddressFlag(addressFlag);
if (givenAddress && "problem" in givenAddress) {
  console.error(givenAddress.problem);
  process.exit(2);
}

const DEMO_ADDRESS = {
  name: "Demo Shopper",
  line1: "1 Market Street",
  city: "San Francisco",
  region: "CA",
  postalCode: "94105",
  country: "US",
};

/** A shop in this process on a temporary embedded database: its address and how to stop it. */
async function startEmbeddedShop() {
  const shop = await startShopInProcess();
  console.log(`Starting a shop in this process on a fresh embedded database (${shop.dataDir}) …`);
  return shop;
}

/** Signs a demo shopper up and creates their API key, as a person would on the account page. */
async function demoShopperKey(baseUrl: string): Promise<string> {
  const headers = { "content-type": "application/json", origin: baseUrl };
  const email = `agent.demo.${Date.now()}@example.com`;
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: "agent-demo-password", name: "Demo Shopper" }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const created = await fetch(`${baseUrl}/api/account/api-keys`, {
    method: "POST",
    headers: { ...headers, cookie },
    body: JSON.stringify({ name: "Reference agent" }),
  });
  if (!created.ok) throw new Error(`API key creation failed: ${created.status} ${await created.text()}`);
  console.log(`Signed up ${email} and created an API key for the agent.`);
  return ((await created.json()) as { key: string }).key;
}

/** The LLM that plans the errand when AI_BASE_URL is set (the shop itself keeps its own settings). */
function agentLlm() {
  const { AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS } = process.env;
  if (!AI_BASE_URL) return null;
  const env = parseEnv({ AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS });
  return {
    baseUrl: AI_BASE_URL,
    apiKey: env.AI_API_KEY,
    model: env.AI_MODEL,
    embeddingModel: undefined,
    timeoutMs: env.AI_TIMEOUT_MS,
  };
}

const url = flag("url") ?? process.env.HAGGLE_URL;
const shop = url ? null : await startEmbeddedShop();
const baseUrl = url ?? shop?.baseUrl ?? "";
let exitCode = 0;
try {
  const key = url ? (flag("key") ?? process.env.HAGGLE_API_KEY) : await demoShopperKey(baseUrl);
  if (!key) console.log("No API key (--key or HAGGLE_API_KEY): the agent can browse, not buy.");
  const client = new Client({ name: "haggle-reference-agent", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/mcp", baseUrl), {
      requestInit: key ? { headers: { Authorization: `Bearer ${key}` } } : {},
    }),
  );
  const { tools } = await client.listTools();
  console.log(`Connected to ${baseUrl}/mcp: ${tools.map((t) => t.name).join(", ")}\n`);
  const placeOrder = !url || args.includes("--place-order");
  const address = givenAddress?.address ?? (url ? undefined : DEMO_ADDRESS);
  if (placeOrder && !address)
    console.log(
      `No --address: the order ships to the shopper's last used address (it stops if there is none). For example: ${ADDRESS_FLAG_EXAMPLE}`,
    );
  const options = {
    placeOrder,
    ...(address ? { address: { ...address } as Record<string, string> } : {}),
    print: (line: string) => console.log(line),
  };
  const ai = agentLlm();
  const outcome = ai
    ? await runErrandWithLlm(client, ai, errand, options)
    : await runErrand(client, errand, options);
  console.log(`\nDone: ${JSON.stringify(outcome)}`);
  await client.close();
} catch (error) {
  exitCode = 1;
  console.error(error instanceof ErrandStopped ? `The errand stopped: ${error.message}` : error);
  if (error instanceof ErrandStopped && /no saved address/.test(error.message))
    console.error(`Give the shipping address with ${ADDRESS_FLAG_EXAMPLE}`);
} finally {
  await shop?.stop();
}
process.exit(exitCode);
