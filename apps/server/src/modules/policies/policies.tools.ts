import { SearchPoliciesInputSchema, SearchPoliciesOutputSchema } from "@haggle/contract/policies";
import { type AgentTool, defineTool } from "../../platform/agent-tools/agent-tool.ts";
import { searchPolicies } from "./policies.service.ts";

/** The shop's own pages for agents: what the merchant wrote about shipping, returns, warranty. */
export const policyTools: AgentTool[] = [
  defineTool({
    name: "search_shop_policies_and_faqs",
    title: "Search the shop's policies and FAQ",
    description:
      "Answer a shopper's question about the shop (shipping, returns, warranty, FAQ) from the pages the merchant wrote: the best passages, with the page's link. An empty list means the pages do not say; do not guess.",
    access: "public",
    readOnly: true,
    input: SearchPoliciesInputSchema,
    output: SearchPoliciesOutputSchema,
    handler: async (deps, _shopper, input) => {
      const { results } = await searchPolicies(deps.db, input.query);
      return {
        value: {
          results: results.map((r) => ({
            page: r.title,
            heading: r.heading,
            text: r.text,
            url: `${deps.publicUrl}${r.path}`,
          })),
        },
        summary: `${results.length} passages`,
      };
    },
  }),
];
