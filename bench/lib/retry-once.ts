/** What one measurement gave: its value, or why it failed after its retry. */
export type Attempt<T> = { ok: true; value: T; retried: boolean } | { ok: false; error: string };

/**
 * Runs `measure` and, when it throws, once more; a second failure is reported, not thrown, so
 * one page's flaky run (Lighthouse's NO_NAVSTART on a loaded machine) does not end a whole bench.
 */
export async function retryOnce<T>(measure: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await measure(), retried: false };
  } catch {
    try {
      return { ok: true, value: await measure(), retried: true };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
}
