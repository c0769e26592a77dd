import { createHash, randomUUID } from "node:crypto";
import type { AcpFeed } from "@haggle/contract/acp";
import type { Queryable } from "../../platform/db/client.ts";
import type { Logger } from "../../platform/logger.ts";
import { acpFeed } from "./acp-feed.service.ts";
import { claimFeedChanges, confirmFeedClaim, releaseFeedClaim } from "./acp-feed-push.store.ts";

/*
 * The feed pushed to an agent platform that hosts it (ACP 2026-04-17's Feed API:
 * `PATCH {base}/feeds/{id}/products` upserts products by id). Each round reads the feed a page at
 * a time, as GET /acp/feed answers it, and sends the products whose answer changed since the last
 * accepted push (all of them the first time the shop pushes to that feed): a price, stock, name or
 * picture changed anywhere (the merchant's edit, a checkout taking the last unit) is noticed the
 * same way. What was pushed is kept in the database (`acp_feed_pushes`, a digest per product):
 * with several processes each change is claimed and pushed by one of them, and a restart pushes
 * only what changed meanwhile. A refused push is released and sent again next round. The spec's
 * PATCH only upserts: a product hidden since stays on the platform until its next full ingestion
 * (docs/decisions/0067-acp-2026-04-17.md).
 */

export interface FeedPushTarget {
  /** The platform's Feed API base, e.g. https://agent.example/acp. */
  url: string;
  feedId: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string | undefined;
}

const PAGE = 500;

function digest(product: AcpFeed["products"][number]): string {
  return createHash("sha256").update(JSON.stringify(product)).digest("base64url");
}

async function patch(target: FeedPushTarget, products: AcpFeed["products"]): Promise<void> {
  const res = await fetch(
    `${target.url.replace(/\/$/, "")}/feeds/${encodeURIComponent(target.feedId)}/products`,
    {
      method: "PATCH",
      headers: {
        "Content-Type": "application/json",
        "API-Version": "2026-04-17",
        ...(target.token ? { Authorization: `Bearer ${target.token}` } : {}),
      },
      body: JSON.stringify({ products }),
      signal: AbortSignal.timeout(30_000),
    },
  );
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`the feed endpoint answered ${res.status}`);
}

/** The feed's key in what was pushed: another URL or feed id is another feed, pushed whole. */
const feedKey = (target: FeedPushTarget) => `${target.url.replace(/\/$/, "")}#${target.feedId}`;

/**
 * One round: the changed products this process claimed, pushed a page at a time; answers how
 * many were sent.
 */
export async function pushFeedChanges(
  db: Queryable,
  shop: { publicUrl: string; shopName: string },
  target: FeedPushTarget,
  logger: Logger,
): Promise<number> {
  const key = feedKey(target);
  let after: string | undefined;
  let sent = 0;
  for (;;) {
    const { feed } = await acpFeed(db, shop, { after, limit: PAGE });
    const claim = randomUUID();
    const mine = await claimFeedChanges(db, key, claim, new Map(feed.products.map((p) => [p.id, digest(p)])));
    const changed = feed.products.filter((p) => mine.has(p.id));
    if (changed.length > 0) {
      try {
        await patch(target, changed);
      } catch (error) {
        await releaseFeedClaim(db, claim);
        logger.warn({ err: error, products: changed.length }, "ACP feed push refused: sent again next round");
        return sent;
      }
      await confirmFeedClaim(db, claim);
      sent += changed.length;
    }
    if (feed.products.length < PAGE) return sent;
    after = feed.products.at(-1)!.id;
  }
}
