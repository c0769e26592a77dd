import { AcpFeedSchema } from "@haggle/contract/acp";
import { type ApiRoute, defineRoute } from "../../http/route.ts";
import { acpFeed } from "./acp-feed.service.ts";

/** The product feed in the ACP feed format, for agent platforms (docs/decisions/0013-acp.md). */
export const acpFeedRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/acp/feed",
    summary:
      "The visible catalogue in the Agentic Commerce Protocol's feed format (ProductsResponse: one variant per product, prices in cents, availability, category, page and picture addresses); hidden products are left out",
    tag: "Agentic Commerce Protocol",
    access: "public",
    response: AcpFeedSchema,
    cache: "catalogue",
    handler: async (c) => {
      const { database, mail } = c.get("deps");
      return acpFeed(database.db, mail);
    },
  }),
];
