import { LOCAL_EMBEDDING_MODEL, embedLocal, normalise } from "./local-embedder.ts";
import { AiHttpError, type AiConfig } from "./openai-compatible.ts";

export { LOCAL_EMBEDDING_MODEL };

/** The model new embeddings are made with: the configured one, else the built-in local embedder. */
export function currentEmbeddingModel(ai: AiConfig | null): string {
  return ai?.embeddingModel ?? LOCAL_EMBEDDING_MODEL;
}

/** How many texts go to the AI server in one /embeddings request. */
const REMOTE_BATCH = 64;

/**
 * Vectors for texts, in order, all unit length (so a dot product is a cosine on either
 * database). Uses the OpenAI-compatible /embeddings endpoint when AI_EMBEDDING_MODEL is set,
 * else the local embedder. A failing AI server throws: mixing two models' vectors in one
 * catalogue would make their similarities meaningless, so there is no silent fallback here.
 */
export async function embedTexts(
  ai: AiConfig | null,
  texts: string[],
  modelOverride?: string,
): Promise<{ vectors: number[][]; model: string }> {
  const model = modelOverride ?? currentEmbeddingModel(ai);
  if (model === LOCAL_EMBEDDING_MODEL) return { vectors: texts.map(embedLocal), model };
  if (!ai) throw new Error(`Embedding model ${model} needs AI_BASE_URL`);
  const vectors: number[][] = [];
  for (let i = 0; i < texts.length; i += REMOTE_BATCH) {
    vectors.push(...(await embedRemote(ai, model, texts.slice(i, i + REMOTE_BATCH))));
  }
  return { vectors, model };
}

async function embedRemote(ai: AiConfig, model: string, input: string[]): Promise<number[][]> {
  if (input.length === 0) return [];
  const response = await fetch(`${ai.baseUrl.replace(/\/$/, "")}/embeddings`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(ai.apiKey ? { authorization: `Bearer ${ai.apiKey}` } : {}),
    },
    body: JSON.stringify({ model, input }),
    signal: AbortSignal.timeout(ai.timeoutMs),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new AiHttpError(response.status, `AI server answered ${response.status}: ${text.slice(0, 200)}`);
  }
  const json = (await response.json()) as { data?: { index?: number; embedding?: unknown }[] };
  const data = json.data ?? [];
  const out: number[][] = new Array(input.length);
  data.forEach((item, position) => {
    const index = item.index ?? position;
    if (!Number.isInteger(index) || index < 0 || index >= input.length) {
      throw new Error(`The AI server answered /embeddings with an unknown index ${index}`);
    }
    const embedding = item.embedding;
    if (
      !Array.isArray(embedding) ||
      embedding.length === 0 ||
      !embedding.every((v) => typeof v === "number" && Number.isFinite(v))
    ) {
      throw new Error("The AI server answered /embeddings without a numeric embedding");
    }
    out[index] = normalise(embedding as number[]);
  });
  for (let i = 0; i < input.length; i++) {
    if (!out[i]) throw new Error(`The AI server answered /embeddings without an embedding for input ${i}`);
  }
  const dimensions = out[0]?.length;
  if (out.some((v) => v.length !== dimensions))
    throw new Error("The AI server answered vectors of mixed sizes");
  return out;
}

/** The text a product is embedded from: what a shopper could describe it by, most telling first. */
export function productEmbeddingText(product: {
  name: string;
  brand: string;
  category: string;
  description: string;
  tags: readonly string[];
}): string {
  return [product.name, `${product.brand}, ${product.category}`, product.tags.join(", "), product.description]
    .filter((part) => part.trim().length > 0)
    .join("\n");
}
