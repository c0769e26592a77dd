import { type ConnectedAgent, describeAgentScope } from "@haggle/contract/agents";
import { LinkIcon } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";
import { useConnectedAgents, useRevokeConnectedAgent } from "../api/use-connected-agents";

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/**
 * The agents the shopper connected by signing in with OAuth (no key copied): what each may do,
 * when it was last used, and Revoke (its tokens are refused from its next request on).
 */
export function ConnectedAgentsCard() {
  const id = useId();
  const agents = useConnectedAgents();
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2 text-lg">
          <LinkIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          Connected agents
        </CardTitle>
        <CardDescription>
          AI agents you allowed to act for you by signing in with the shop (OAuth), and what each may do.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {agents.isPending ? (
          <Spinner aria-label="Loading your connected agents" className="py-6" />
        ) : agents.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(agents.error, "Your connected agents could not be loaded.")}
          </p>
        ) : (
          <AgentList agents={agents.data} />
        )}
      </CardContent>
    </Card>
  );
}

function AgentList({ agents }: { agents: readonly ConnectedAgent[] }) {
  const revoke = useRevokeConnectedAgent();
  if (agents.length === 0) return <p className="text-sm text-muted-foreground">No agent is connected.</p>;
  return (
    <ul aria-label="Your connected agents" className="flex flex-col divide-y rounded-lg border">
      {agents.map((agent) => (
        <li key={agent.clientId} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
          <span className="min-w-0 grow">
            <span className="font-medium">{agent.name}</span>
            <span className="block text-muted-foreground">
              May: {agent.scopes.map(describeAgentScope).join("; ")}
            </span>
            <span className="block text-muted-foreground">
              Connected {when(agent.connectedAt)} ·{" "}
              {agent.lastUsedAt ? `last used ${when(agent.lastUsedAt)}` : "never used"}
            </span>
          </span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={revoke.isPending}
            aria-label={`Revoke ${agent.name}`}
            onClick={() =>
              revoke.mutate(agent.clientId, {
                onSuccess: () => toast.success("Agent disconnected", { description: agent.name }),
                onError: (error) => toast.error(errorMessage(error, "The agent could not be disconnected.")),
              })
            }
          >
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  );
}
