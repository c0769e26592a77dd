import type { PolicyPage } from "@haggle/contract/policies";

/**
 * A policy page as the shop shows it. Its HTML comes from the server, rendered from the
 * merchant's Markdown with raw HTML shown as text and script links refused, so it is set as is.
 */
export function PolicyArticle({ page }: { page: PolicyPage }) {
  const updated = new Date(page.updatedAt).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  return (
    <article className="mx-auto max-w-2xl">
      <h1 className="mb-1 text-3xl font-bold tracking-tight">{page.title}</h1>
      <p className="mb-6 text-sm text-muted-foreground">Last updated {updated}</p>
      <div
        className="space-y-4 leading-relaxed [&_a]:text-primary [&_a]:underline [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-muted [&_code]:px-1"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's Markdown rendering escapes raw HTML and refuses script links (render-policy.ts).
        dangerouslySetInnerHTML={{ __html: page.html }}
      />
    </article>
  );
}
