import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/error-message";
import { toast } from "@/lib/toast";

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** What a revoke needs of its mutation (an API key's or a connected agent's). */
interface RevokeMutation {
  isPending: boolean;
  mutate: (id: string, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}

interface AccessRowProps {
  /** The key's or agent's id, handed to the mutation. */
  id: string;
  name: string;
  /** What follows the name (a key's prefix) and the line under it (an agent's scopes). */
  detail?: ReactNode;
  /** "Created" or "Connected", and when. */
  since: { label: string; at: string };
  lastUsedAt: string | null;
  revoke: RevokeMutation;
  /** The toast's title once revoked, and the sentence when it could not be. */
  revoked: string;
  notRevoked: string;
}

/**
 * One row of what acts for the shopper (an API key, a connected agent): its name, since when,
 * when it was last used, and Revoke.
 */
export function AccessRow({
  id,
  name,
  detail,
  since,
  lastUsedAt,
  revoke,
  revoked,
  notRevoked,
}: AccessRowProps) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm">
      <span className="min-w-0 grow">
        <span className="font-medium">{name}</span>
        {detail}
        <span className="block text-muted-foreground">
          {since.label} {when(since.at)} · {lastUsedAt ? `last used ${when(lastUsedAt)}` : "never used"}
        </span>
      </span>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={revoke.isPending}
        aria-label={`Revoke ${name}`}
        onClick={() =>
          revoke.mutate(id, {
            onSuccess: () => toast.success(revoked, { description: name }),
            onError: (error) => toast.error(errorMessage(error, notRevoked)),
          })
        }
      >
        Revoke
      </Button>
    </li>
  );
}
