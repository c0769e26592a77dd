import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentEmbeddingModel, embedTexts, productEmbeddingText } from "./embeddings.ts";
import {
  embedLocal,
  findLexiconTerms,
  LOCAL_EMBEDDING_DIMENSIONS,
  LOCAL_EMBEDDING_MODEL,
  stemWord,
} from "./local-embedder.ts";
import { AiHttpError, type AiConfig } from "./openai-compatible.ts";

const cosine = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + v * (b[i] ?? 0), 0);
const norm = (v: number[]) => Math.sqrt(cosine(v, v));

describe("the local embedder", () => {
  it("gives a deterministic unit vector of the fixed size", () => {
    const a = embedLocal("Sony StudioQuiet Noise Cancelling Headphones");
    const b = embedLocal("Sony StudioQuiet Noise Cancelling Headphones");
    expect(a).toHaveLength(LOCAL_EMBEDDING_DIMENSIONS);
    expect(a).toEqual(b);
    expect(norm(a)).toBeCloseTo(1, 10);
    expect(a.every(Number.isFinite)).toBe(true);
  });

  it("gives the zero vector for a text without content words", () => {
    const v = embedLocal("the and of, for !");
    expect(v).toHaveLength(LOCAL_EMBEDDING_DIMENSIONS);
    expect(v.every((x) => x === 0)).toBe(true);
  });

  it("is case- and punctuation-insensitive and meets plurals", () => {
    expect(embedLocal("RUNNING SHOES!")).toEqual(embedLocal("running shoes"));
    expect(cosine(embedLocal("running shoes"), embedLocal("running shoe"))).toBeGreaterThan(0.7);
  });

  it("keeps a typo close to the word it misspells", () => {
    const typo = embedLocal("headphnes");
    expect(cosine(typo, embedLocal("headphones"))).toBeGreaterThan(
      cosine(typo, embedLocal("keyboard")) + 0.2,
    );
    expect(cosine(typo, embedLocal("headphones"))).toBeGreaterThan(cosine(typo, embedLocal("phone case")));
  });

  it("puts the synonyms of its table close together, and unrelated words apart", () => {
    const sneakers = embedLocal("sneakers");
    expect(cosine(sneakers, embedLocal("trainers"))).toBeGreaterThan(0.25);
    expect(cosine(sneakers, embedLocal("trainers"))).toBeGreaterThan(
      cosine(sneakers, embedLocal("blender")) + 0.2,
    );
    expect(cosine(embedLocal("hair straightener"), embedLocal("flat iron"))).toBeGreaterThan(0.2);
  });

  it("stems plurals and -ing forms without merging different words", () => {
    expect(stemWord("shoes")).toBe("shoe");
    expect(stemWord("running")).toBe("run");
    expect(stemWord("batteries")).toBe("battery");
    expect(stemWord("glasses")).toBe("glass");
    expect(stemWord("boxes")).toBe("box");
    expect(stemWord("dress")).toBe("dress");
    expect(stemWord("bus")).toBe("bus");
  });

  it("finds the longest synonym-table term first", () => {
    const found = findLexiconTerms(["hair", "straighten", "travel"].map(stemWord));
    expect(found).toHaveLength(0);
    const phrase = findLexiconTerms(["hair", "straightener"].map(stemWord));
    expect(phrase).toEqual([expect.objectContaining({ start: 0, length: 2 })]);
  });
});

describe("productEmbeddingText", () => {
  it("puts the name first, then brand and category, tags and description", () => {
    const text = productEmbeddingText({
      name: "Nike Court Retro Sneaker",
      brand: "Nike",
      category: "Footwear",
      tags: ["sneakers", "retro"],
      description: "A retro court sneaker.",
    });
    expect(text.split("\n")).toEqual([
      "Nike Court Retro Sneaker",
      "Nike, Footwear",
      "sneakers, retro",
      "A retro court sneaker.",
    ]);
  });
});

describe("embedTexts", () => {
  let server: Server;
  let baseUrl: string;
  const requests: { body: { model: string; input: string[] }; authorization: string | undefined }[] = [];
  let status = 200;

  const read = async (req: IncomingMessage) => {
    let text = "";
    for await (const chunk of req) text += chunk;
    return text;
  };

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      if (req.method !== "POST" || !req.url?.endsWith("/embeddings")) {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(await read(req)) as { model: string; input: string[] };
      requests.push({ body, authorization: req.headers.authorization });
      if (status !== 200) {
        res.writeHead(status, { "content-type": "application/json" }).end('{"error":{"message":"mock"}}');
        return;
      }
      // Answer out of order, with vectors that are not unit length.
      const data = body.input.map((text, index) => ({ index, embedding: [text.length, 0, 0, 0] })).reverse();
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
  });

  const config = (): AiConfig => ({
    baseUrl,
    apiKey: "sk-test",
    model: "chat-model",
    embeddingModel: "text-embedding-test",
    timeoutMs: 5000,
  });

  it("uses the local embedder when no embedding model is configured", async () => {
    const result = await embedTexts(null, ["headphones", "sneakers"]);
    expect(result.model).toBe(LOCAL_EMBEDDING_MODEL);
    expect(result.vectors).toEqual([embedLocal("headphones"), embedLocal("sneakers")]);
    expect(currentEmbeddingModel({ ...config(), embeddingModel: undefined })).toBe(LOCAL_EMBEDDING_MODEL);
    expect(requests).toHaveLength(0);
  });

  it("calls the configured /embeddings endpoint and returns unit vectors in input order", async () => {
    const result = await embedTexts(config(), ["a", "abc"]);
    expect(result.model).toBe("text-embedding-test");
    expect(result.vectors).toEqual([
      [1, 0, 0, 0],
      [1, 0, 0, 0],
    ]);
    expect(requests.at(-1)).toEqual({
      body: { model: "text-embedding-test", input: ["a", "abc"] },
      authorization: "Bearer sk-test",
    });
  });

  it("embeds with the model asked for, even when another is configured", async () => {
    const result = await embedTexts(config(), ["x"], LOCAL_EMBEDDING_MODEL);
    expect(result.model).toBe(LOCAL_EMBEDDING_MODEL);
  });

  it("fails with the AI server's status rather than mixing in local vectors", async () => {
    status = 429;
    try {
      await expect(embedTexts(config(), ["x"])).rejects.toSatisfy(
        (e) => e instanceof AiHttpError && e.status === 429,
      );
    } finally {
      status = 200;
    }
  });
});
