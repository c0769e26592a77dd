import { LoaderCircleIcon } from "lucide-react";
import { type FormEvent, type ReactNode, useId } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime, formatTimeAgo } from "../../lib/approvals-time";

interface ConfigSectionCardProps {
  title: string;
  description: ReactNode;
  /** When the section was last saved; null: the shop's defaults are in force. */
  savedAt: string | null | undefined;
  dirty: boolean;
  pending: boolean;
  /** The server's reason for refusing the last save. */
  serverError: string | null;
  onSave: () => void;
  /** What the status says of a section never saved. */
  neverSaved?: ReactNode;
  children: ReactNode;
}

/** A settings form: its fields, the Save button, whether edits are unsaved and when it was saved. */
export function ConfigSectionCard({
  title,
  description,
  savedAt,
  dirty,
  pending,
  serverError,
  onSave,
  neverSaved = "The shop's defaults are in force.",
  children,
}: ConfigSectionCardProps) {
  const titleId = useId();
  const statusId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) onSave();
  };
  return (
    <Card role="region" aria-labelledby={titleId}>
      <form noValidate onSubmit={submit} aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId} className="text-lg">
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          {children}
          {serverError !== null && (
            <p
              role="alert"
              className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
            >
              {serverError}
            </p>
          )}
        </CardContent>
        <CardFooter className="flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p id={statusId} className="text-sm text-muted-foreground" aria-live="polite">
            {dirty ? (
              <span className="font-medium text-amber-700 dark:text-amber-400">
                You have unsaved changes.
              </span>
            ) : savedAt ? (
              <>
                Last saved{" "}
                <time dateTime={savedAt} title={formatDateTime(savedAt)}>
                  {formatTimeAgo(savedAt)}
                </time>
                .
              </>
            ) : (
              neverSaved
            )}
          </p>
          <Button type="submit" disabled={pending} aria-busy={pending} aria-describedby={statusId}>
            {pending && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
            Save
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
