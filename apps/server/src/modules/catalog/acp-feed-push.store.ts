import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { acpFeedPushes } from "../../platform/db/schema/catalog.ts";

/**
 * How long a claim holds before another process may take the product again: well past a PATCH's
 * own time limit (30 s), so only a process that died mid-push loses its claim.
 */
const CLAIM_LEASE_SECONDS = 120;

/**
 * Claims, for `claim`, the products among `digests` whose answer differs from the one last
 * pushed to `feed` (or never pushed, or whose push was refused or left unconfirmed past its
 * lease), and answers their ids. One statement: when several processes claim the same change at
 * once, the row lock makes one of them win and the others see the digest already claimed. A
 * product claimed by another process and not yet confirmed is left to it, even if it changed
 * again since: the next round pushes the newer answer once the first is settled, so the platform
 * never receives an older answer after a newer one.
 */
export async function claimFeedChanges(
  db: Queryable,
  feed: string,
  claim: string,
  digests: ReadonlyMap<string, string>,
): Promise<Set<string>> {
  if (digests.size === 0) return new Set();
  const rows = [...digests].map(([productId, digest]) => ({ feed, productId, digest, claim }));
  const claimed = await db
    .insert(acpFeedPushes)
    .values(rows.map((r) => ({ ...r, claimedAt: sql`now()` })))
    .onConflictDoUpdate({
      target: [acpFeedPushes.feed, acpFeedPushes.productId],
      set: {
        digest: sql`excluded.digest`,
        claim: sql`excluded.claim`,
        claimedAt: sql`now()`,
        pushedAt: sql`null`,
      },
      setWhere: sql`(${acpFeedPushes.pushedAt} is not null and ${acpFeedPushes.digest} <> excluded.digest)
        or (${acpFeedPushes.pushedAt} is null and (${acpFeedPushes.claimedAt} is null
          or ${acpFeedPushes.claimedAt} < now() - make_interval(secs => ${CLAIM_LEASE_SECONDS})))`,
    })
    .returning({ productId: acpFeedPushes.productId });
  return new Set(claimed.map((r) => r.productId));
}

/** The platform accepted the claim's products: they count as pushed. */
export async function confirmFeedClaim(db: Queryable, claim: string): Promise<void> {
  await db
    .update(acpFeedPushes)
    .set({ pushedAt: sql`now()`, claim: null, claimedAt: null })
    .where(eq(acpFeedPushes.claim, claim));
}

/** The platform refused the claim's products: any process may push them next round. */
export async function releaseFeedClaim(db: Queryable, claim: string): Promise<void> {
  await db.update(acpFeedPushes).set({ claim: null, claimedAt: null }).where(eq(acpFeedPushes.claim, claim));
}
