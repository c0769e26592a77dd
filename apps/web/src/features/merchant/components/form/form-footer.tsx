import { Button } from "@/components/ui/button";

/**
 * The end of a merchant's settings form: the server's refusal as an alert, the submit button and,
 * while an existing row is edited, Cancel.
 */
export function FormFooter(props: {
  error: string | null;
  pending: boolean;
  submitLabel: string;
  onCancel: (() => void) | null | undefined;
}) {
  return (
    <>
      {props.error ? (
        <p role="alert" className="text-sm text-destructive">
          {props.error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={props.pending}>
          {props.submitLabel}
        </Button>
        {props.onCancel ? (
          <Button type="button" variant="outline" onClick={props.onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </>
  );
}
