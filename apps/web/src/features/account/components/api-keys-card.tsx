import { zodResolver } from "@hookform/resolvers/zod";
import { type ApiKey, type CreatedApiKey, CreateApiKeySchema } from "@haggle/contract/agents";
import { BotIcon, CopyIcon, LoaderCircleIcon } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/error-message";
import { AccessRow } from "./access-row";
import { useApiKeyActions, useApiKeys } from "../api/use-api-keys";

/**
 * The shopper's API keys for AI agents (MCP at /mcp): create one (shown once), see which are in
 * force and when each was last used, revoke one (refused from the agent's next request on).
 */
export function ApiKeysCard({ mcpUrl }: { mcpUrl: string }) {
  const id = useId();
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2 text-lg">
          <BotIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          API keys for AI agents
        </CardTitle>
        <CardDescription>
          Let an AI agent browse, fill your cart, haggle with Ava and order for you. Connect it to the shop's
          MCP server at <code className="break-all">{mcpUrl}</code> with the header{" "}
          <code>Authorization: Bearer &lt;key&gt;</code>. An agent gets exactly the offers you would: the same
          limits apply.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <CreateKeyForm onCreated={setCreated} />
        {created && <NewKey created={created} onDone={() => setCreated(null)} />}
        {keys.isPending ? (
          <Spinner aria-label="Loading your API keys" className="py-6" />
        ) : keys.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(keys.error, "Your API keys could not be loaded.")}
          </p>
        ) : (
          <KeyList keys={keys.data} />
        )}
      </CardContent>
    </Card>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const id = useId();
  const { create } = useApiKeyActions();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<{ name: string }>({ defaultValues: { name: "" }, resolver: zodResolver(CreateApiKeySchema) });
  const message = errors.name?.message ?? errors.root?.server?.message;
  const onValid = ({ name }: { name: string }) =>
    create.mutate(name, {
      onSuccess: (result) => {
        onCreated(result);
        reset({ name: "" });
      },
      onError: (error) =>
        setError("root.server", { message: errorMessage(error, "The key could not be created.") }),
    });
  return (
    <form
      noValidate
      aria-label="Create an API key"
      onSubmit={handleSubmit(onValid)}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <div className="flex grow flex-col gap-2">
        <Label htmlFor={`${id}-name`}>Key name</Label>
        <Input
          id={`${id}-name`}
          placeholder="e.g. My shopping agent"
          autoComplete="off"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          {...register("name")}
        />
      </div>
      <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
        {create.isPending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
        Create key
      </Button>
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive sm:basis-full">
          {message}
        </p>
      )}
    </form>
  );
}

/** The new key, this once: the shop keeps only its hash. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      toast.success("API key copied");
    } catch {
      toast.error("Copying failed: select the key and copy it yourself.");
    }
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950"
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Your new key “{created.name}”
      </h3>
      <p role="status" className="text-sm">
        Copy it now: it will not be shown again.
      </p>
      <div className="flex gap-2">
        <Input
          readOnly
          value={created.key}
          aria-label="New API key"
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={copy}>
          <CopyIcon aria-hidden="true" />
          Copy
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}

function KeyList({ keys }: { keys: readonly ApiKey[] }) {
  const { revoke } = useApiKeyActions();
  if (keys.length === 0) return <p className="text-sm text-muted-foreground">You have no API keys yet.</p>;
  return (
    <ul aria-label="Your API keys" className="flex flex-col divide-y rounded-lg border">
      {keys.map((key) => (
        <AccessRow
          key={key.id}
          id={key.id}
          name={key.name}
          detail={
            <>
              {" "}
              <code className="text-muted-foreground">{key.prefix}…</code>
            </>
          }
          since={{ label: "Created", at: key.createdAt }}
          lastUsedAt={key.lastUsedAt}
          revoke={revoke}
          revoked="API key revoked"
          notRevoked="The key could not be revoked."
        />
      ))}
    </ul>
  );
}
