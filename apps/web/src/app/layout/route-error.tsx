import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/**
 * Last line of defence for a route that throws (e.g. a code chunk failed to load after a deploy);
 * the error is logged by the boundary that shows this (RouteErrorBoundary).
 */
export function RouteError() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button asChild variant="outline">
          <Link to="/" reloadDocument>
            Go home
          </Link>
        </Button>
      </div>
    </div>
  );
}
