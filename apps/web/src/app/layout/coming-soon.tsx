import type { ReactNode } from "react";

interface ComingSoonProps {
  title: string;
  children: ReactNode;
}

/** A plain page body for screens whose features are still being built. */
export function ComingSoon({ title, children }: ComingSoonProps) {
  return (
    <div className="flex flex-col gap-4">
      <title>{`${title} · Haggle`}</title>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <div className="flex flex-col items-start gap-4 text-muted-foreground">{children}</div>
    </div>
  );
}
