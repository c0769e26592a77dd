/**
 * The shop's policy pages: what a shopper (and a shopper's agent) reads before buying. The
 * merchant writes each in Markdown; a page with no text is not published.
 */
export const POLICY_KINDS = ["shipping", "returns", "warranty", "faq"] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

/** Each page's title, as the storefront's footer and the page's heading show it. */
export const POLICY_TITLES: Readonly<Record<PolicyKind, string>> = {
  shipping: "Shipping",
  returns: "Returns",
  warranty: "Warranty",
  faq: "FAQ",
};

/** The most a page may hold: a long FAQ fits; a book does not. */
export const POLICY_MAX_LENGTH = 20_000;

export function isPolicyKind(value: string): value is PolicyKind {
  return (POLICY_KINDS as readonly string[]).includes(value);
}

/** The storefront path of a page. */
export function policyPath(kind: PolicyKind): string {
  return `/policies/${kind}`;
}

export interface PolicySection {
  kind: PolicyKind;
  /** The nearest heading above the passage, or the page's title for text before any heading. */
  heading: string;
  /** The passage's Markdown, trimmed. */
  text: string;
}

const HEADING = /^ {0,3}(#{1,6})\s+(.+?)\s*#*\s*$/;
const FENCE = /^ {0,3}(```|~~~)/;

/**
 * A page cut into the passages a question can be answered from: each heading starts one, and
 * so does each paragraph after a heading (a long FAQ answer stays one passage, a question with
 * its answer stays together when the question is a heading). Text inside code fences never
 * starts a passage.
 */
export function policySections(kind: PolicyKind, markdown: string): PolicySection[] {
  const sections: PolicySection[] = [];
  let heading = POLICY_TITLES[kind];
  let lines: string[] = [];
  let fenced = false;
  const flush = () => {
    const text = lines.join("\n").trim();
    if (text !== "") sections.push({ kind, heading, text });
    lines = [];
  };
  for (const line of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    if (FENCE.test(line)) fenced = !fenced;
    const match = fenced ? null : HEADING.exec(line);
    if (match) {
      flush();
      heading = match[2] ?? heading;
      continue;
    }
    if (!fenced && line.trim() === "" && lines.some((l) => l.trim() !== "")) {
      flush();
      continue;
    }
    lines.push(line);
  }
  flush();
  return sections;
}

/** A passage as plain text: Markdown's marks removed, for an agent's answer or a chat bubble. */
export function plainPolicyText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/^ {0,3}(?:[-*+]|\d+[.)])\s+/gm, "• ")
    .replace(/^ {0,3}>\s?/gm, "")
    .replace(/(\*\*|__|\*|_|`)(.+?)\1/g, "$2")
    .replace(/[ \t]+\n/g, "\n")
    .trim();
}
