import { describeAgentScope } from "@haggle/contract/agents";
import { LoaderCircleIcon } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/error-message";
import { useAnswerConsent, useOAuthClient } from "../api/use-connected-agents";

/**
 * The consent screen of the shop's authorization server: names the agent asking and what it
 * asks to do in plain words; Allow or Deny sends the browser back to the agent.
 */
export function OAuthConsent({ search, userEmail }: { search: string; userEmail: string }) {
  const id = useId();
  const params = new URLSearchParams(search);
  const clientId = params.get("client_id") ?? "";
  const scopes = (params.get("scope") ?? "").split(" ").filter(Boolean);
  const client = useOAuthClient(clientId);
  const answer = useAnswerConsent();
  const respond = (accept: boolean) =>
    answer.mutate(
      { accept, oauthQuery: search.replace(/^\?/, "") },
      { onSuccess: ({ url }) => window.location.assign(url) },
    );
  if (client.isPending) return <Spinner aria-label="Loading the agent's request" className="py-24" />;
  if (client.isError)
    return (
      <p role="alert" className="mx-auto max-w-lg py-12 text-destructive">
        {errorMessage(client.error, "This request to connect an agent is not valid.")}
      </p>
    );
  return (
    <Card role="region" aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-lg">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="text-xl">
          Allow {client.data.name} to act for you?
        </CardTitle>
        <CardDescription>
          You are signed in as {userEmail}. {client.data.name} asks to:
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label="What the agent asks to do" className="list-disc space-y-1 pl-5 text-sm">
          {scopes.map((scope) => (
            <li key={scope}>{describeAgentScope(scope)}</li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted-foreground">
          The same limits apply as when you shop yourself. You can revoke it at any time under Connected
          agents on your account page.
        </p>
        {answer.isError && (
          <p role="alert" className="mt-3 text-sm text-destructive">
            {errorMessage(answer.error, "Your answer could not be sent. Please try again.")}
          </p>
        )}
      </CardContent>
      <CardFooter className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={answer.isPending} onClick={() => respond(false)}>
          Deny
        </Button>
        <Button
          type="button"
          disabled={answer.isPending}
          aria-busy={answer.isPending}
          onClick={() => respond(true)}
        >
          {answer.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
          Allow
        </Button>
      </CardFooter>
    </Card>
  );
}
