import { useId } from "react";
import { useEmbeddingProgress } from "../../api/import-api";

const count = new Intl.NumberFormat("en-US");

/**
 * How many products AI search can rank by meaning yet (the background job embeds imported
 * products); search by words finds them all meanwhile. Nothing is shown when all are embedded.
 */
export function EmbeddingProgressNote() {
  const progress = useEmbeddingProgress();
  const labelId = useId();
  const data = progress.data;
  if (!data || data.missing === 0 || data.total === 0) return null;
  return (
    <section
      aria-labelledby={labelId}
      data-testid="embedding-progress"
      className="flex flex-col gap-2 rounded-xl border bg-card p-4 text-sm"
    >
      <h2 id={labelId} className="font-medium">
        AI search: {count.format(data.embedded)} of {count.format(data.total)} products embedded
      </h2>
      <progress
        className="h-2 w-full accent-primary"
        value={data.embedded}
        max={data.total}
        aria-labelledby={labelId}
      />
      <p className="text-muted-foreground">
        {data.running
          ? "Embedding the new products in the background. Search by words already finds them."
          : "Some products have no embedding yet: Initialize AI Search on the admin page embeds them. Search by words already finds them."}
      </p>
    </section>
  );
}
