import { ApiKeysCard } from "@/features/account/components/api-keys-card";
import { useSession } from "@/features/auth/api/use-session";

export function AccountScreen() {
  const { user } = useSession();
  return (
    <>
      <title>My Account · Haggle</title>
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
        <div>
          <h1 className="text-2xl font-bold">My Account</h1>
          {user && <p className="text-muted-foreground">{user.email}</p>}
        </div>
        <ApiKeysCard mcpUrl={`${window.location.origin}/mcp`} />
      </div>
    </>
  );
}
