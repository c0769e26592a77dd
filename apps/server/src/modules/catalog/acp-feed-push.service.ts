import { createHash } from "node:crypto";
import type { AcpFeed } from "@haggle/contract/acp";
import type { Queryable } from "../../platform/db/client.ts";
import type { Logger } from "../../platform/logger.ts";
import { acpFeed } from "./acp-feed.service.ts";

/*
 * The feed pushed to an agent platform that hosts it (ACP 2026-04-17's Feed API:
 * `PATCH {base}/feeds/{id}/products` upserts products by id). Each round reads the feed a page at
 * a time, as GET /acp/feed answers it, and sends the products whose answer changed since the last
 * accepted push (all of them on the first round after a start): a price, stock, name or picture
 * changed anywhere (the merchant's edit, a checkout taking the last unit) is noticed the same way.
 * A refused push is sent again next round. The spec's PATCH only upserts: a product hidden since
 * stays on the platform until its next full ingestion (docs/decisions/0067-acp-2026-04-17.md).
 */

export interface FeedPushTarget {
  /** The platform's Feed API base, e.g. https://agent.example/acp. */
  url: string;
  feedId: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string | undefined;
}

/** What a process pushed last: each product's answer, by a digest of it. */
export type FeedPushState = Map<string, string>;

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

/** One round: the changed products pushed, a page at a time; answers how many were sent. */
export async function pushFeedChanges(
  db: Queryable,
  shop: { publicUrl: string; shopName: string },
  target: FeedPushTarget,
  state: FeedPushState,
  logger: Logger,
): Promise<number> {
  let after: string | undefined;
  let sent = 0;
  for (;;) {
    const { feed } = await acpFeed(db, shop, { after, limit: PAGE });
    const changed = feed.products.filter((p) => state.get(p.id) !== digest(p));
    if (changed.length > 0) {
      try {
        await patch(target, changed);
      } catch (error) {
        logger.warn({ err: error, products: changed.length }, "ACP feed push refused: sent again next round");
        return sent;
      }
      for (const p of changed) state.set(p.id, digest(p));
      sent += changed.length;
    }
    if (feed.products.length < PAGE) return sent;
    after = feed.products.at(-1)!.id;
  }
}
