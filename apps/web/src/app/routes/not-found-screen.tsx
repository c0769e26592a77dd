import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";

export function NotFoundScreen() {
  const location = useLocation();
  return (
    <div className="flex flex-col items-center gap-4 py-24 text-center">
      <title>Page not found · Haggle</title>
      <p className="text-6xl font-bold tracking-tight">404</p>
      <h1 className="text-xl text-muted-foreground">Oops! Page not found</h1>
      <p className="sr-only">{`No page lives at ${location.pathname}.`}</p>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}
