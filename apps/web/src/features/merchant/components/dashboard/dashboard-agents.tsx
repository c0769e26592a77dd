import type { MerchantDashboard } from "@haggle/contract/merchant";
import { ArrowRightIcon, BotIcon } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatShopCount, formatShopPercent } from "@haggle/domain/markets/shop-formats";

const count = { format: formatShopCount };
const percent = { format: (ratio: number) => formatShopPercent(ratio, 1) };

type Channels = MerchantDashboard["channels"];
type ChannelFigures = Channels["agent"];

function figuresOf(channel: ChannelFigures): [string, string][] {
  return [
    ["Negotiations", count.format(channel.negotiations)],
    ["Deal rate", percent.format(channel.dealRate)],
    ["Average discount", percent.format(channel.averageDiscountPct / 100)],
  ];
}

/**
 * The dashboard's 'AI agents' card: shoppers' agents' negotiations over MCP, apart
 * from people's on Ava's page, with the same three figures side by side.
 */
export function AgentNegotiationsCard({ channels }: { channels: Channels }) {
  const rows: [string, string, ChannelFigures][] = [
    ["Shoppers' AI agents", "agent", channels.agent],
    ["People on the shop's page", "web", channels.web],
  ];
  return (
    <Card role="region" aria-label="AI agents">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <BotIcon aria-hidden="true" className="size-5 text-muted-foreground" />
          AI agents · last 30 days
        </CardTitle>
        <CardDescription>
          Negotiations that shoppers' AI agents held with Ava over MCP, beside those people held on the shop's
          page. The same limits bound both.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
        <section
          className="overflow-x-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          aria-label="Negotiations by who held them"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">Negotiations by who held them, last 30 days</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-4 font-normal">
                  Held by
                </th>
                {figuresOf(channels.agent).map(([label]) => (
                  <th key={label} scope="col" className="py-2 pr-4 text-right font-normal">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, id, channel]) => (
                <tr key={id} className="border-t">
                  <th scope="row" className="py-2 pr-4 text-left font-medium">
                    {label}
                  </th>
                  {figuresOf(channel).map(([figure, value]) => (
                    <td
                      key={figure}
                      className="py-2 pr-4 text-right text-base font-semibold tabular-nums"
                      data-testid={`${id}-${figure.toLowerCase().replaceAll(" ", "-")}`}
                    >
                      {value}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <Link
          to="/merchant/agent-activity"
          className="flex w-fit items-center gap-1 rounded-sm text-sm font-medium underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          See what agents did
          <ArrowRightIcon aria-hidden="true" className="size-4" />
        </Link>
      </CardContent>
    </Card>
  );
}
