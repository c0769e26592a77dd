import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ApiKeysCard } from "@/features/account/components/api-keys-card";
import { ConnectedAgentsCard } from "@/features/account/components/connected-agents-card";
import { useSession } from "@/features/auth/api/use-session";
import { useSignOutEverywhere } from "@/features/auth/api/use-sign-out";
import { VerificationNotice } from "@/features/auth/components/verification-notice";

/**
 * /account: who is signed in, whether the address is verified (with a resend), a password reset,
 * and the API keys the shopper's AI agents use over MCP.
 */
export function AccountScreen() {
  const { me } = useSession();
  const everywhere = useSignOutEverywhere();
  if (!me) return null;
  const { user } = me;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 py-4 sm:py-8">
      <title>Your account · Haggle</title>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Your account</h1>
      {!user.emailVerified && <VerificationNotice email={user.email} />}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-lg border p-4 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-muted-foreground">Name</dt>
        <dd className="break-words">{user.name}</dd>
        <dt className="font-medium text-muted-foreground">E-mail</dt>
        <dd className="break-all">
          {user.email}{" "}
          <span className="text-muted-foreground">
            {user.emailVerified ? "(verified)" : "(not verified)"}
          </span>
        </dd>
      </dl>
      <section aria-labelledby="password-title" className="flex flex-col items-start gap-2">
        <h2 id="password-title" className="text-lg font-semibold">
          Password
        </h2>
        <p className="text-sm text-muted-foreground">
          To change your password, we e-mail you a link; choosing the new one signs you out everywhere and
          revokes your API keys and connected agents.
        </p>
        <Button asChild variant="outline">
          <Link to="/forgot-password">Reset your password</Link>
        </Button>
      </section>
      <section aria-labelledby="everywhere-title" className="flex flex-col items-start gap-2">
        <h2 id="everywhere-title" className="text-lg font-semibold">
          Sign out everywhere
        </h2>
        <p className="text-sm text-muted-foreground">
          Ends every session of your account, on every device, and revokes your API keys and connected agents:
          they need a new key or to be connected again.
        </p>
        <Button variant="outline" disabled={everywhere.isPending} onClick={() => everywhere.mutate()}>
          Sign out everywhere
        </Button>
      </section>
      <ApiKeysCard mcpUrl={`${window.location.origin}/mcp`} />
      <ConnectedAgentsCard />
    </div>
  );
}
