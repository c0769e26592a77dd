/**
 * The shopping assistant's evaluation: shopper conversations (bench/assistant-eval/tuning.jsonl,
 * held-out.jsonl, stranger.jsonl, stranger-2.jsonl, stranger-3.jsonl and stranger-4.jsonl) sent through the real route,
 * POST /functions/v1/shop-assistant, of a shop served in this process on a fresh embedded database per catalogue, and judged on the products shown.
 * Prints the pass rate (a conversation passes when every one of its turns does) per kind and
 * catalogue, for the tuning, the held-out and the four strangers' conversations apart. Nothing is asserted.
 *
 * Run: npm run eval:assistant [-- options]
 *   --catalogue=seeded|imported|luma  one catalogue only
 *   --kind=<kind>                 one kind only (gift, need, topic-change, ...)
 *   --id=<a,b,...>                only the conversations whose id is one of these (tuning ids, for a quick check)
 *   --split=tuning|held-out|stranger|stranger-2|stranger-3|stranger-4  one split only
 *   --verbose                     print the failed tuning conversations turn by turn
 *   --recall-misses               list every recall ask where the assistant showed fewer of the kind than exist
 *   --show-held-out               with --verbose, the held-out and strangers' failures too
 *   --json=FILE                   write every conversation's result as JSON
 *   --no-recall                   skip the recall check (each catalogue's own kinds asked of the
 *                                 assistant and of the plain search: assistant-eval/recall.ts)
 * With AI_BASE_URL set (and AI_API_KEY, AI_MODEL as the server reads them), the same
 * conversations then run against the LLM engine; without it that part is skipped.
 */
import { writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { startShopInProcess } from "../apps/server/src/testing.ts";
import { catalogue, catalogueCsv } from "./assistant-eval/catalogues.ts";
import { type CatalogueName, type Conversation, KINDS } from "./assistant-eval/conversation.ts";
import {
  HELD_OUT,
  STRANGER,
  STRANGER_2,
  STRANGER_3,
  STRANGER_4,
  TUNING,
} from "./assistant-eval/conversations.ts";
import { judgeTurn, type ShownProduct, type TurnAnswer } from "./assistant-eval/judge.ts";
import {
  hits,
  MIN_RELATIVE_RECALL,
  type RecallResult,
  recallAsks,
  SHOWN,
  summariseRecall,
} from "./assistant-eval/recall.ts";
import { Shopper } from "./lib/shopper.ts";

const SPLIT_NAMES = ["tuning", "held-out", "stranger", "stranger-2", "stranger-3", "stranger-4"] as const;
type Split = (typeof SPLIT_NAMES)[number];

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const flag = (name: string) => args.includes(`--${name}`);
const onlyCatalogue = option("catalogue") as CatalogueName | undefined;
const onlyKind = option("kind");
const onlyIds = option("id")?.split(",");
const onlySplit = option("split") as Split | undefined;
const verbose = flag("verbose");
const recallMisses = flag("recall-misses");
const showHeldOut = flag("show-held-out");
const checkRecall = !flag("no-recall");
const jsonFile = option("json") ?? (args.includes("--json") ? args[args.indexOf("--json") + 1] : undefined);

interface TurnResult {
  user: string;
  /** The engine that answered (X-Assistant-Engine): "llm" may fall back to "built-in". */
  answeredBy: string;
  text: string;
  shown: string[];
  pass: boolean;
  failures: string[];
}
interface ConversationResult {
  id: string;
  engine: string;
  catalogue: CatalogueName;
  kind: string;
  split: Split;
  pass: boolean;
  turns: TurnResult[];
}

/** The reply of one request: its text and its carousel (several product events merge, each product once). */
async function ask(baseUrl: string, messages: { role: "user" | "assistant"; content: string }[]) {
  const res = await fetch(`${baseUrl}/functions/v1/shop-assistant`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ messages }),
  });
  const body = await res.text();
  if (res.status !== 200)
    return { text: `HTTP ${res.status}: ${body.slice(0, 200)}`, products: [], engine: "error" };
  let text = "";
  const products: (ShownProduct & { id: string })[] = [];
  for (const block of body.split(/\r?\n\r?\n/)) {
    const data = block
      .split(/\r?\n/)
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).replace(/^ /, ""))
      .join("\n");
    if (data === "" || data === "[DONE]") continue;
    const event = JSON.parse(data) as {
      type?: string;
      products?: (ShownProduct & { id: string })[];
      choices?: { delta?: { content?: string } }[];
    };
    if (event.type === "tool_result") {
      for (const p of event.products ?? []) if (!products.some((q) => q.id === p.id)) products.push(p);
    } else text += event.choices?.[0]?.delta?.content ?? "";
  }
  return { text, products, engine: res.headers.get("x-assistant-engine") ?? "?" };
}

async function runConversation(
  baseUrl: string,
  conversation: Conversation,
  split: Split,
  products: readonly ShownProduct[],
  engine: string,
): Promise<ConversationResult> {
  // As the web app sends them: the shopper's turns and the assistant's replies as text.
  const messages: { role: "user" | "assistant"; content: string }[] = [];
  const turns: TurnResult[] = [];
  let previous: TurnAnswer | null = null;
  for (const turn of conversation.turns) {
    messages.push({ role: "user", content: turn.user });
    const answer = await ask(baseUrl, messages);
    const verdict = judgeTurn(turn.expect, answer, previous, products);
    turns.push({
      user: turn.user,
      answeredBy: answer.engine,
      text: answer.text,
      shown: answer.products.map(
        (p) => `${p.name} | ${p.brand} | ${p.category} | $${p.price}${p.inStock ? "" : " | sold out"}`,
      ),
      ...verdict,
    });
    if (answer.text.trim() !== "") messages.push({ role: "assistant", content: answer.text });
    // Talk in between shows nothing: what a shopper compares with is still on screen.
    if (answer.products.length > 0) previous = answer;
  }
  return {
    id: conversation.id,
    engine,
    catalogue: conversation.catalogue,
    kind: conversation.kind,
    split,
    pass: turns.every((t) => t.pass),
    turns,
  };
}

/** A fresh shop for the catalogue: seeded by its first start, or empty and then imported over HTTP. */
async function startShop(name: CatalogueName, ai: Record<string, string>) {
  const shop = await startShopInProcess({
    ASSISTANT_RATE_LIMIT_PER_MINUTE: "100000",
    SIGN_UP_RATE_LIMIT_PER_IP: "100000",
    AUTH_RATE_LIMIT_PER_IP: "100000",
    SEED_ON_START: name === "seeded" ? "true" : "false",
    ...ai,
  });
  const csv = catalogueCsv(name);
  if (csv !== null) {
    try {
      await importThroughApi(shop.baseUrl, shop.setupCode, csv);
    } catch (error) {
      await shop.stop();
      throw error;
    }
  }
  return shop;
}

async function importThroughApi(baseUrl: string, setupCode: string | null | undefined, file: string) {
  const merchant = new Shopper(baseUrl);
  const signedUp = await merchant.call("POST", "/api/auth/sign-up/email", {
    email: `eval.merchant.${Date.now()}@example.com`,
    password: "secret123",
    name: "Eval Merchant",
  });
  if (signedUp !== 200) throw new Error(`merchant sign-up failed: ${signedUp}`);
  const claimed = await merchant.call("POST", "/api/admin/claim", { code: setupCode });
  if (claimed !== 200) throw new Error(`claiming the shop failed: ${claimed}`);
  const csv = await readFile(file);
  const fileName = encodeURIComponent(path.basename(file));
  const upload = await merchant.upload("POST", `/api/merchant/imports?fileName=${fileName}`, csv, "text/csv");
  if (upload.status !== 202)
    throw new Error(`import refused: ${upload.status} ${JSON.stringify(upload.json)}`);
  const id = (upload.json as { id: string }).id;
  // Generous: the import and the embeddings take seconds here; a stuck job must not hang the eval.
  const deadline = Date.now() + 15 * 60_000;
  const wait = async (what: string) => {
    if (Date.now() > deadline) throw new Error(`the ${what} did not finish within 15 minutes`);
    await new Promise((r) => setTimeout(r, 250));
  };
  for (;;) {
    const progress = await merchant.request("GET", `/api/merchant/imports/${id}`);
    const job = progress.json as { status: string; inserted: number; failed: number; errors: unknown[] };
    if (job.status === "failed") throw new Error(`import failed: ${JSON.stringify(job)}`);
    if (job.status === "done") {
      if (job.failed > 0) throw new Error(`import had bad rows: ${JSON.stringify(job.errors)}`);
      break;
    }
    await wait("import");
  }
  // The assistant's search reads the products' vectors too: wait until every product has one.
  for (;;) {
    const progress = (await merchant.request("GET", "/api/merchant/embeddings/progress")).json as {
      missing: number;
      running: boolean;
    };
    if (progress.missing === 0 && !progress.running) break;
    await wait("embedding of the imported products");
  }
}

/** The recall check of one shop: every kind its catalogue names, asked of both (recall.ts). */
async function runRecall(baseUrl: string, products: readonly ShownProduct[]): Promise<RecallResult[]> {
  const out: RecallResult[] = [];
  for (const kind of recallAsks(products)) {
    const answer = await ask(baseUrl, [{ role: "user", content: kind.text }]);
    const res = await fetch(
      `${baseUrl}/api/products?q=${encodeURIComponent(kind.text)}&pageSize=${SHOWN * 4}`,
    );
    const plain = res.status === 200 ? ((await res.json()) as { items: ShownProduct[] }).items : [];
    // The assistant shows in-stock products first: the search's in-stock ones are compared.
    out.push({
      ask: kind.text,
      possible: kind.possible,
      assistant: hits(kind, answer.products),
      plain: hits(
        kind,
        plain.filter((p) => p.inStock),
      ),
    });
  }
  return out;
}

const recall: { engine: string; name: CatalogueName; results: RecallResult[] }[] = [];

function printRecall() {
  if (recall.length === 0) return;
  console.log(
    `\n# Recall: each catalogue's own kinds (its tags and categories) asked of the assistant and of the plain search\n`,
  );
  console.log(
    "| engine | catalogue | asks | assistant recall | plain search recall | assistant / plain | asks where plain found more |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const { engine, name, results } of recall) {
    const r = summariseRecall(results);
    console.log(
      `| ${engine} | ${name} | ${r.asks} | ${r.assistantRecall.toFixed(3)} | ${r.plainRecall.toFixed(3)} | ${r.relative.toFixed(3)}${r.pass ? "" : ` (below ${MIN_RELATIVE_RECALL})`} | ${r.worse.length} |`,
    );
    if (verbose)
      for (const w of r.worse)
        console.log(`  - "${w.ask}": assistant ${w.assistant}, plain ${w.plain} of ${w.possible}`);
    if (recallMisses)
      for (const m of results.filter((x) => x.assistant < x.possible))
        console.log(`  · "${m.ask}": assistant ${m.assistant} of ${m.possible}, plain ${m.plain}`);
  }
}

const CATALOGUES: CatalogueName[] = onlyCatalogue ? [onlyCatalogue] : ["seeded", "imported", "luma"];
const SPLITS: [Split, readonly Conversation[]][] = [
  ["tuning", TUNING],
  ["held-out", HELD_OUT],
  ["stranger", STRANGER],
  ["stranger-2", STRANGER_2],
  ["stranger-3", STRANGER_3],
  ["stranger-4", STRANGER_4],
];
const selected = (c: Conversation) =>
  CATALOGUES.includes(c.catalogue) &&
  (onlyKind === undefined || c.kind === onlyKind) &&
  (onlyIds === undefined || onlyIds.includes(c.id));

async function runEngine(engine: string, ai: Record<string, string>): Promise<ConversationResult[]> {
  const results: ConversationResult[] = [];
  for (const name of CATALOGUES) {
    const work = SPLITS.filter(([split]) => !onlySplit || split === onlySplit).flatMap(([split, list]) =>
      list.filter((c) => c.catalogue === name && selected(c)).map((c) => ({ split, conversation: c })),
    );
    if (work.length === 0) continue;
    const products = catalogue(name);
    const started = performance.now();
    const shop = await startShop(name, ai);
    try {
      process.stderr.write(
        `${engine}, ${name} catalogue: shop ready in ${((performance.now() - started) / 1000).toFixed(1)} s, ${work.length} conversations\n`,
      );
      for (const { split, conversation } of work)
        results.push(await runConversation(shop.baseUrl, conversation, split, products, engine));
      if (checkRecall && onlyKind === undefined && onlyIds === undefined)
        recall.push({ engine, name, results: await runRecall(shop.baseUrl, products) });
    } finally {
      await shop.stop();
    }
  }
  return results;
}

const pct = (list: readonly ConversationResult[]) =>
  list.length === 0
    ? "–"
    : `${Math.round((100 * list.filter((r) => r.pass).length) / list.length)}% (${list.filter((r) => r.pass).length}/${list.length})`;

function printTable(engine: string, results: readonly ConversationResult[]) {
  const columns: { label: string; keep: (r: ConversationResult) => boolean }[] = [];
  for (const name of CATALOGUES)
    for (const split of SPLIT_NAMES)
      if (
        (!onlySplit || split === onlySplit) &&
        results.some((r) => r.catalogue === name && r.split === split)
      )
        columns.push({ label: `${name} ${split}`, keep: (r) => r.catalogue === name && r.split === split });
  if (!onlySplit && CATALOGUES.length > 1)
    for (const split of SPLIT_NAMES) columns.push({ label: `all ${split}`, keep: (r) => r.split === split });
  if (columns.length > 1) columns.push({ label: "all", keep: () => true });
  console.log(`\n# Shopping assistant evaluation, ${engine} engine: conversations passed\n`);
  console.log(`| kind | ${columns.map((c) => c.label).join(" | ")} |`);
  console.log(`| --- | ${columns.map(() => "---").join(" | ")} |`);
  for (const kind of KINDS) {
    const of = results.filter((r) => r.kind === kind);
    if (of.length === 0) continue;
    console.log(`| ${kind} | ${columns.map((c) => pct(of.filter(c.keep))).join(" | ")} |`);
  }
  console.log(`| **total** | ${columns.map((c) => pct(results.filter(c.keep))).join(" | ")} |`);
}

function printFailures(results: readonly ConversationResult[]) {
  for (const r of results) {
    if (r.pass || (r.split !== "tuning" && !showHeldOut)) continue;
    console.log(`\n✗ ${r.id} (${r.catalogue}, ${r.kind}, ${r.split})`);
    for (const t of r.turns) {
      console.log(`  ${t.pass ? "✓" : "✗"} shopper: ${t.user}`);
      console.log(`    ava: ${t.text.replace(/\s+/g, " ").trim().slice(0, 240)}`);
      console.log(`    shown: ${t.shown.slice(0, 4).join(" || ") || "nothing"}`);
      for (const f of t.failures) console.log(`    - ${f}`);
    }
  }
}

const engines: [string, Record<string, string>][] = [["built-in", {}]];
if (process.env.AI_BASE_URL) {
  const ai: Record<string, string> = { AI_BASE_URL: process.env.AI_BASE_URL };
  for (const key of ["AI_API_KEY", "AI_MODEL", "AI_EMBEDDING_MODEL", "AI_TIMEOUT_MS"] as const) {
    const value = process.env[key];
    if (value) ai[key] = value;
  }
  engines.push(["llm", ai]);
}

const all: ConversationResult[] = [];
for (const [engine, ai] of engines) {
  const results = await runEngine(engine, ai);
  all.push(...results);
  if (verbose) printFailures(results);
  printTable(engine, results);
  const turns = results.flatMap((r) => r.turns);
  const others = turns.filter((t) => t.answeredBy !== engine).length;
  if (others > 0)
    console.log(
      `\n${others} of ${turns.length} turns were not answered by the ${engine} engine (fallback or error).`,
    );
}
printRecall();
if (engines.length === 1) console.log("\nLLM engine: skipped (AI_BASE_URL is not set).");
if (jsonFile) {
  writeFileSync(jsonFile, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`\nResults written to ${jsonFile}`);
}
