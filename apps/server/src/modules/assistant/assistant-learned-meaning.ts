import { setImmediate as yieldToRequests } from "node:timers/promises";
import {
  AssociationLearner,
  type CatalogueAssociations,
  MAX_LEARNED_PRODUCTS,
} from "@haggle/domain/assistant/catalogue-associations";
import { CatalogueTextIndex } from "@haggle/domain/assistant/catalogue-text-index";
import { tagsTogetherOf } from "@haggle/domain/assistant/dialogue-subject";
import type { SearchVocabulary } from "@haggle/domain/catalog/typo-corrections";
import type { Db } from "../../platform/db/client.ts";
import { countVisibleProducts, loadLearningSample, vocabularyOf } from "../catalog/index.ts";
import type { AssistantDeps } from "./assistant-types.ts";

/**
 * The word meanings the assistant learns from the shop's own catalogue (catalogue-associations.ts),
 * kept per database and catalogue version: the search vocabulary object stays the same while
 * the catalogue's words do (search-products.store.ts), so a new one means products changed and
 * the meanings are learned again, in the background; the old ones answer meanwhile.
 *
 * Learning never holds a request up for long: in a shop of at most SMALL_CATALOGUE products a
 * request waits at most LEARNING_WAIT_MS for the first learning of its catalogue (a few hundred
 * products are learned well within it), then goes on without; in a larger one it does not wait
 * at all (reading and learning 10,000 products takes about a second): the requests after it
 * find the meanings learned. The learner yields to other requests every LEARN_BATCH products.
 */

const LEARNING_WAIT_MS = 250;
const SMALL_CATALOGUE = 2_000;
const LEARN_BATCH = 250;

/** What is learned from one version of the catalogue: word meanings and the products' text index. */
export interface LearnedCatalogue {
  associations: CatalogueAssociations;
  index: CatalogueTextIndex;
  /** The shop's labels of several words and the tags found with them (dialogue-subject.ts). */
  tagsTogether: Record<string, string[]>;
}

interface Kept {
  vocabulary: SearchVocabulary;
  learning: Promise<LearnedCatalogue | null>;
  learned: LearnedCatalogue | null;
  /** Whether the shop is small enough for a request to wait for the first learning. */
  small: Promise<boolean>;
  /** The version before, while this one is learned. */
  previous: LearnedCatalogue | null;
}

const kept = new WeakMap<Db, Kept>();

async function learn(deps: AssistantDeps): Promise<LearnedCatalogue> {
  const started = performance.now();
  const sample = await loadLearningSample(deps.db, MAX_LEARNED_PRODUCTS);
  const loaded = performance.now();
  const learner = new AssociationLearner();
  for (let i = 0; i < sample.length; i++) {
    learner.add(sample[i]!);
    if ((i + 1) % LEARN_BATCH === 0) await yieldToRequests();
  }
  const learned = learner.finish();
  await yieldToRequests();
  const index = CatalogueTextIndex.build(sample.flatMap((p) => (p.id ? [{ ...p, id: p.id }] : [])));
  deps.logger.info(
    {
      products: learned.learnedFrom,
      words: learned.size,
      indexed: index.size,
      loadMs: Math.round(loaded - started),
      learnMs: Math.round(performance.now() - loaded),
    },
    "assistant learned word meanings from the catalogue",
  );
  return { associations: learned, index, tagsTogether: tagsTogetherOf(sample) };
}

function timeout(ms: number): Promise<null> {
  return new Promise((resolve) => setTimeout(() => resolve(null), ms).unref());
}

/** The meanings learned from the shop's catalogue as it is now, or null while still learning. */
export async function learnedMeanings(deps: AssistantDeps): Promise<CatalogueAssociations | null> {
  return (await learnedCatalogue(deps))?.associations ?? null;
}

/** What was learned from the shop's catalogue as it is now, or null while still learning. */
export async function learnedCatalogue(deps: AssistantDeps): Promise<LearnedCatalogue | null> {
  const vocabulary = await vocabularyOf(deps.db);
  let entry = kept.get(deps.db);
  if (!entry || entry.vocabulary !== vocabulary) {
    const previous = entry ? (entry.learned ?? entry.previous) : null;
    const fresh: Kept = {
      vocabulary,
      learning: Promise.resolve(null),
      learned: null,
      previous,
      small: countVisibleProducts(deps.db).then(
        (n) => n <= SMALL_CATALOGUE,
        () => false,
      ),
    };
    fresh.learning = learn(deps).then(
      (learned) => {
        fresh.learned = learned;
        return learned;
      },
      (error: unknown) => {
        deps.logger.warn({ err: error }, "learning word meanings from the catalogue failed");
        if (kept.get(deps.db) === fresh) kept.delete(deps.db);
        return null;
      },
    );
    kept.set(deps.db, fresh);
    entry = fresh;
  }
  if (entry.learned) return entry.learned;
  if (entry.previous) return entry.previous;
  if (!(await entry.small)) return null;
  return Promise.race([entry.learning, timeout(LEARNING_WAIT_MS)]);
}
