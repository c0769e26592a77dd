import type { AgentToolCall } from "@haggle/contract/agents";
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/error-message";
import { useAgentActivity } from "../../api/agent-activity-queries";

const STATUS = {
  ok: { label: "OK", variant: "secondary" },
  error: { label: "Error", variant: "outline" },
  refused: { label: "Refused", variant: "destructive" },
  rate_limited: { label: "Rate limited", variant: "destructive" },
} as const;

function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
  });
}

function CallRow({ call }: { call: AgentToolCall }) {
  const status = STATUS[call.status];
  return (
    <TableRow data-testid="agent-call-row">
      <TableCell className="whitespace-nowrap">{formatTime(call.createdAt)}</TableCell>
      <TableCell className="font-mono text-xs">{call.tool}</TableCell>
      <TableCell>
        {call.shopper ?? <span className="text-muted-foreground">anonymous</span>}
        {call.keyName && <span className="block text-xs text-muted-foreground">key “{call.keyName}”</span>}
      </TableCell>
      <TableCell className="max-w-xs break-all font-mono text-xs">{call.arguments}</TableCell>
      <TableCell>
        <Badge variant={status.variant}>{status.label}</Badge>
      </TableCell>
      <TableCell className="max-w-sm text-sm">{call.result}</TableCell>
    </TableRow>
  );
}

/** 'Agent activity': every tool call shoppers' AI agents made over MCP, newest first. */
export function AgentActivityView() {
  const activity = useAgentActivity();
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Agent activity</h1>
        <p className="text-muted-foreground">
          What shoppers' AI agents did through the shop's MCP server (/mcp): who, which tool, with what, and
          what came of it. Agents negotiate under the same limits as everyone.
        </p>
      </div>
      {activity.isPending ? (
        <Spinner aria-label="Loading agent activity" className="py-12" />
      ) : activity.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(activity.error, "The agent activity could not be loaded.")}
        </p>
      ) : activity.data.calls.length === 0 ? (
        <p className="text-muted-foreground">No agent has called the shop yet.</p>
      ) : (
        <Table aria-label="Agent tool calls">
          <TableHeader>
            <TableRow>
              <TableHead>Time</TableHead>
              <TableHead>Tool</TableHead>
              <TableHead>Shopper</TableHead>
              <TableHead>Arguments</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Result</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {activity.data.calls.map((call) => (
              <CallRow key={call.id} call={call} />
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
