import type { ProductImport } from "@haggle/contract/product-import";
import { DownloadIcon, UploadIcon } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/error-message";
import { importErrorsUrl, useProductImport, useStartProductImport } from "../../api/import-api";
import { EmbeddingProgressNote } from "./embedding-progress";

const count = new Intl.NumberFormat("en-US");

function ImportProgress({ job }: { job: ProductImport }) {
  const labelId = useId();
  const fraction = job.totalBytes > 0 ? Math.min(1, job.bytesRead / job.totalBytes) : 1;
  const percent = job.status === "done" ? 100 : Math.floor(fraction * 100);
  const heading =
    job.status === "running"
      ? `Importing ${job.fileName}… ${percent}%`
      : job.status === "done"
        ? `Imported ${job.fileName}`
        : `The import of ${job.fileName} stopped`;
  return (
    <Card data-testid="import-progress" data-status={job.status}>
      <CardHeader>
        <CardTitle id={labelId} role="status">
          {heading}
        </CardTitle>
        <CardDescription>
          {count.format(job.rows)} {job.rows === 1 ? "row" : "rows"} read · {count.format(job.inserted)} added
          · {count.format(job.updated)} updated · {count.format(job.failed)} not imported
          {job.skippedVariants > 0 ? ` · ${count.format(job.skippedVariants)} extra variants skipped` : ""}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <progress className="h-2 w-full accent-primary" value={percent} max={100} aria-labelledby={labelId} />
        {job.message && (
          <p data-testid="import-message" className="text-sm">
            {job.message}
          </p>
        )}
        {job.status !== "running" && job.failed > 0 && (
          <div className="flex flex-col gap-3">
            <Button asChild variant="outline" className="self-start">
              <a href={importErrorsUrl(job.id)} download>
                <DownloadIcon aria-hidden="true" />
                Download the error report (CSV)
              </a>
            </Button>
            <section
              className="overflow-x-auto rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
              tabIndex={0}
              aria-label="Rows not imported"
            >
              <table className="w-full text-left text-sm" data-testid="import-errors">
                <caption className="pb-2 text-left font-medium">
                  Rows not imported{job.failed > job.errors.length ? ` (the first ${job.errors.length})` : ""}
                </caption>
                <thead>
                  <tr className="border-b">
                    <th scope="col" className="py-1 pr-3">
                      Line
                    </th>
                    <th scope="col" className="py-1 pr-3">
                      SKU
                    </th>
                    <th scope="col" className="py-1">
                      Reason
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {job.errors.map((e) => (
                    <tr key={`${e.line}-${e.sku}`} className="border-b last:border-0 align-top">
                      <td className="py-1 pr-3 tabular-nums">{e.line}</td>
                      <td className="py-1 pr-3 break-all">{e.sku || "—"}</td>
                      <td className="py-1">{e.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The merchant's Import page: a Shopify product CSV or JSON lines, imported with a progress bar. */
export function ImportPage({ onImported }: { onImported?: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartProductImport();
  const job = useProductImport(jobId);
  const current = job.data;
  const finished = current && current.status !== "running" ? current.id : null;
  // The shop's lists and the embedding progress show the imported products once it ends.
  useEffect(() => {
    if (finished) onImported?.();
  }, [finished, onImported]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    start.mutate(file, { onSuccess: (started) => setJobId(started.id) });
  }

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Import products</h1>
        <p className="text-sm text-muted-foreground">
          A product CSV exported from Shopify, or JSON lines with one product per line. Products are matched
          by SKU: importing a file again updates them, never duplicates them.
        </p>
      </header>
      <Card>
        <CardContent className="pt-6">
          <form onSubmit={onSubmit} className="flex flex-col gap-3">
            <Label htmlFor={`${id}-file`}>Product file</Label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,.jsonl,.ndjson,text/csv"
              aria-describedby={`${id}-hint`}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
            />
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              Shopify columns used: Handle, Title, Body (HTML), Vendor, Type or Product Category, Tags,
              Variant SKU, Variant Price, Variant Compare At Price, Variant Inventory Qty, Image Src,
              Published. A product with several variants is imported with its first. Larger files: npm run
              import on the server.
            </p>
            <Button type="submit" className="self-start" disabled={!file || start.isPending}>
              <UploadIcon aria-hidden="true" />
              {start.isPending ? "Uploading…" : "Import"}
            </Button>
            {start.error && (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(start.error, "The file could not be uploaded. Please try again.")}
              </p>
            )}
          </form>
        </CardContent>
      </Card>
      {current && <ImportProgress job={current} />}
      {job.error && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(job.error, "The import's progress could not be read.")}
        </p>
      )}
      <EmbeddingProgressNote />
    </div>
  );
}
