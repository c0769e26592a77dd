import { AcpFeedQuerySchema, AcpFeedSchema } from "@haggle/contract/acp";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import { acpFeed } from "./acp-feed.service.ts";

/** The product feed in the ACP feed format, for agent platforms (docs/decisions/0013-acp.md). */
export const acpFeedRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/acp/feed",
    summary:
      'The visible catalogue in the Agentic Commerce Protocol\'s feed format (ProductsResponse: one variant per product, prices in cents, availability, category, page and picture addresses), a page of at most 1,000 products by id; a `Link: <…>; rel="next"` header names the next page. Hidden products are left out',
    tag: "Agentic Commerce Protocol",
    access: "public",
    query: AcpFeedQuerySchema,
    response: AcpFeedSchema,
    // Shared (ETag, 304), not kept in the answer cache: that keeps bodies only, and a page's
    // Link header is part of its answer.
    cache: "shared",
    handler: async (c, { query }) => {
      const { database, mail } = c.get("deps");
      const { feed, next } = await acpFeed(database.db, mail, query);
      if (next) c.header("Link", `<${mail.publicUrl}${next}>; rel="next"`);
      return feed;
    },
  }),
];
