import type { Database } from "../../platform/db/client.ts";
import type { AnswerCache } from "../../platform/cache/answer-cache.ts";
import type { Logger } from "../../platform/logger.ts";
import { readCatalogueVersion } from "./product-import.store.ts";

/** Where the products triggers announce a new catalogue version (migration 0010), on commit. */
export const CATALOGUE_CHANNEL = "haggle_catalogue";

/**
 * Keeps the answer cache true to the catalogue. Any statement that changes what the
 * catalogue shows takes a new catalogue version and NOTIFYs it; every process sharing the
 * database hears it and forgets its answers. A change made by this process is also checked for
 * right after its request (`afterWrite`), so its own next answer never waits for the notice.
 */
export class CatalogueAnswers {
  private version = 0;
  private unlisten: (() => Promise<void>) | null = null;
  /** Answers being computed now: a change committing meanwhile must be checked for even when nothing is kept yet. */
  private computing = 0;

  constructor(
    private readonly database: Database,
    readonly cache: AnswerCache,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    if (!this.cache.enabled) return;
    this.version = await readCatalogueVersion(this.database.db);
    this.unlisten = await this.database.listen(CATALOGUE_CHANNEL, (payload) => {
      const version = Number(payload);
      if (Number.isFinite(version) && version > this.version) this.version = version;
      this.cache.invalidate();
    });
  }

  /** Runs `compute` for an answer to keep; answers the generation it must be stored under. */
  async compute<T>(compute: () => Promise<T>): Promise<{ value: T; generation: number }> {
    const generation = this.cache.generation;
    this.computing += 1;
    try {
      return { value: await compute(), generation };
    } finally {
      this.computing -= 1;
    }
  }

  /** After a request that may have written: a new catalogue version forgets every answer at once. */
  async afterWrite(): Promise<void> {
    // The embedded database calls its listeners before a commit's promise resolves: the notice
    // of this process's own change has already been heard, so there is nothing to look up.
    if (this.database.kind === "embedded") return;
    if (this.cache.size === 0 && this.computing === 0) return;
    await this.settle();
  }

  /**
   * Compares the kept answers with the catalogue's version now, forgetting them if it moved: for
   * a writer that is no request of this process (a script, a test writing SQL) and will not wait
   * for the notice.
   */
  async settle(): Promise<void> {
    if (!this.cache.enabled) return;
    try {
      const version = await readCatalogueVersion(this.database.db);
      if (version !== this.version) {
        this.version = version;
        this.cache.invalidate();
      }
    } catch (error) {
      // Unsure what changed: forget everything rather than risk an old answer.
      this.cache.invalidate();
      this.logger.warn({ err: error }, "the catalogue version could not be read; cached answers dropped");
    }
  }

  async close(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    await unlisten?.().catch(() => {});
  }
}
