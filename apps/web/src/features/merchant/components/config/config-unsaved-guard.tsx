import { useEffect } from "react";
import { useLeaveBlocker } from "@/lib/navigation";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/**
 * While settings are edited but not saved: leaving for another page asks first, and so does
 * reloading or closing the tab (the browser's own question).
 */
export function ConfigUnsavedGuard({
  dirty,
  description = "Your changes to these settings have not been saved.",
}: {
  dirty: boolean;
  /** What is unsaved, for the question (the settings by default). */
  description?: string;
}) {
  const blocker = useLeaveBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const blocked = blocker.state === "blocked";
  return (
    <Dialog open={blocked} onOpenChange={(open) => !open && blocker.reset?.()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Leave without saving?</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
          <Button onClick={() => blocker.reset?.()}>Stay on this page</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
