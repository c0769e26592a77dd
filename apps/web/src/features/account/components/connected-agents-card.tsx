import { type ConnectedAgent, describeAgentScope } from "@haggle/contract/agents";
import { LinkIcon } from "lucide-react";
import { useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/error-message";
import { AccessRow } from "./access-row";
import { useConnectedAgents, useRevokeConnectedAgent } from "../api/use-connected-agents";

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
        <AccessRow
          key={agent.clientId}
          id={agent.clientId}
          name={agent.name}
          detail={
            <span className="block text-muted-foreground">
              May: {agent.scopes.map(describeAgentScope).join("; ")}
            </span>
          }
          since={{ label: "Connected", at: agent.connectedAt }}
          lastUsedAt={agent.lastUsedAt}
          revoke={revoke}
          revoked="Agent disconnected"
          notRevoked="The agent could not be disconnected."
        />
      ))}
    </ul>
  );
}
