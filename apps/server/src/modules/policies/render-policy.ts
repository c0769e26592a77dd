import MarkdownIt from "markdown-it";

/**
 * The merchant's Markdown as HTML for the storefront. Raw HTML in the text is shown as text
 * (`html: false`), and markdown-it refuses `javascript:`, `vbscript:`, `file:` and most `data:`
 * links, so a page can hold no script whoever wrote it. Links leave the shop in a new tab
 * without handing it the shop's window.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));

markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const href = String(token?.attrGet("href") ?? "");
  if (token && /^https?:\/\//i.test(href)) {
    token.attrSet("rel", "noopener noreferrer");
    token.attrSet("target", "_blank");
  }
  return defaultLinkOpen(tokens, index, options, env, self);
};

export function policyHtml(text: string): string {
  return markdown.render(text);
}
