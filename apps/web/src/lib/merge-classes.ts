/**
 * Later Tailwind utilities win over earlier ones of the same kind, as tailwind-merge does, for
 * the utilities this app writes: tailwind-merge knows all of Tailwind and was 8.5 KB gzip of every
 * first page (e2e/initial-js-budget.spec.ts). merge-classes.test.ts holds this to tailwind-merge
 * over every pair of classes in the app's sources; a class it does not know is kept as it is.
 */

const SIZES = /^(?:xs|sm|base|md|lg|xl|[2-9]xl|none|inner|full)$/;
const LENGTH =
  /^(?:\d+(?:\.\d+)?|px|\d+\/\d+|auto|full|screen|dvh|svh|lvh|min|max|fit|prose|none|\[.+\]|\(.+\))$/;

const DISPLAY = new Set([
  "block",
  "inline-block",
  "inline",
  "flex",
  "inline-flex",
  "grid",
  "inline-grid",
  "hidden",
  "contents",
  "table",
  "table-row",
  "table-cell",
  "flow-root",
  "list-item",
]);
const POSITION = new Set(["static", "fixed", "absolute", "relative", "sticky"]);
const VISIBILITY = new Set(["visible", "invisible", "collapse"]);
const TEXT_ALIGN = new Set(["left", "center", "right", "justify", "start", "end"]);
const FONT_WEIGHT = new Set([
  "thin",
  "extralight",
  "light",
  "normal",
  "medium",
  "semibold",
  "bold",
  "extrabold",
  "black",
]);
const BORDER_STYLE = new Set(["solid", "dashed", "dotted", "double", "hidden", "none"]);
const DECORATION = new Set(["underline", "overline", "line-through", "no-underline"]);
const TRANSFORM = new Set(["uppercase", "lowercase", "capitalize", "normal-case"]);

/** Groups a later class of which removes an earlier one of the other group (`p-2` removes `px-3`). */
const OVERRIDES: Record<string, string[]> = {
  p: ["px", "py", "pt", "pr", "pb", "pl", "ps", "pe"],
  px: ["pr", "pl", "ps", "pe"],
  py: ["pt", "pb"],
  m: ["mx", "my", "mt", "mr", "mb", "ml", "ms", "me"],
  mx: ["mr", "ml", "ms", "me"],
  my: ["mt", "mb"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left", "start", "end"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  gap: ["gap-x", "gap-y"],
  size: ["w", "h"],
  rounded: [
    "rounded-t",
    "rounded-r",
    "rounded-b",
    "rounded-l",
    "rounded-s",
    "rounded-e",
    "rounded-tl",
    "rounded-tr",
    "rounded-br",
    "rounded-bl",
  ],
  "border-w": ["border-w-x", "border-w-y", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
  overflow: ["overflow-x", "overflow-y"],
  overscroll: ["overscroll-x", "overscroll-y"],
  "line-clamp": ["overflow", "display", "box-orient"],
  "font-size": ["leading"],
  flex: ["grow", "shrink", "basis"],
};

/** Utilities whose bare name is one value of a group (`border` is `border-1`). */
const BARE: Record<string, string> = {
  border: "border-w",
  ring: "ring-w",
  outline: "outline-w",
  "backdrop-blur": "backdrop-blur",
  blur: "blur",
};

function isColorValue(value: string): boolean {
  return !SIZES.test(value) && !LENGTH.test(value);
}

/** The kind of utility `base` (no variants, no `!`, no leading `-`) is; null for one it does not know. */
function groupOf(base: string): string | null {
  if (DISPLAY.has(base)) return "display";
  if (POSITION.has(base)) return "position";
  if (VISIBILITY.has(base)) return "visibility";
  if (DECORATION.has(base)) return "decoration";
  if (TRANSFORM.has(base)) return "text-transform";
  if (base === "sr-only" || base === "not-sr-only") return "sr";
  if (base === "truncate") return "truncate";
  if (base === "italic" || base === "not-italic") return "font-style";
  if (base.startsWith("[") && base.includes(":")) return `arbitrary-${base.slice(1, base.indexOf(":"))}`;
  const bare = BARE[base];
  if (bare) return bare;
  if (base.startsWith("backdrop-blur-")) return "backdrop-blur";
  const dash = base.indexOf("-");
  if (dash < 0) return base;
  const head = base.slice(0, dash);
  const value = base.slice(dash + 1).replace(/\/[^/]*$/, "");
  switch (head) {
    case "text":
      if (TEXT_ALIGN.has(value)) return "text-align";
      if (["wrap", "nowrap", "balance", "pretty"].includes(value)) return "text-wrap";
      if (value === "ellipsis" || value === "clip") return "text-overflow";
      return SIZES.test(value) || /^\[\d/.test(value) ? "font-size" : "text-color";
    case "font":
      return FONT_WEIGHT.has(value) ? "font-weight" : "font-family";
    case "bg":
      return /^(?:cover|contain|auto|fixed|local|scroll|none|center|top|bottom|left|right|no-repeat|repeat)/.test(
        value,
      )
        ? `bg-${value}`
        : "bg-color";
    case "border": {
      if (BORDER_STYLE.has(value)) return "border-style";
      const side = /^([xytrblse])(?:-(.+))?$/.exec(value);
      if (side)
        return side[2] === undefined || !isColorValue(side[2])
          ? `border-w-${side[1]}`
          : `border-color-${side[1]}`;
      return isColorValue(value) ? "border-color" : "border-w";
    }
    case "ring":
      if (value.startsWith("offset-"))
        return isColorValue(value.slice(7)) ? "ring-offset-color" : "ring-offset-w";
      return value === "inset" ? "ring-inset" : isColorValue(value) ? "ring-color" : "ring-w";
    case "shadow":
    case "inset-shadow":
    case "drop-shadow":
      return isColorValue(value) ? `${head}-color` : head;
    case "outline":
      if (value.startsWith("offset-")) return "outline-offset";
      return BORDER_STYLE.has(value) ? "outline-style" : isColorValue(value) ? "outline-color" : "outline-w";
    case "flex":
      if (["row", "row-reverse", "col", "col-reverse"].includes(value)) return "flex-direction";
      if (["wrap", "wrap-reverse", "nowrap"].includes(value)) return "flex-wrap";
      return "flex";
    case "line":
      return value.startsWith("clamp") ? "line-clamp" : "line-through";
    case "snap":
      if (["mandatory", "proximity"].includes(value)) return "snap-strictness";
      return ["start", "end", "center", "align-none"].includes(value) ? "snap-align" : "snap-type";
    case "whitespace":
    case "break":
      return head;
    case "fill":
    case "stroke":
    case "accent":
    case "caret":
    case "decoration":
      return isColorValue(value) ? `${head}-color` : `${head}-w`;
    default:
      break;
  }
  // `min-h-10` -> min-h, `gap-x-2` -> gap-x, `translate-x-4` -> translate-x: everything before the value.
  const parts = base.split("-");
  for (let n = parts.length - 1; n > 0; n -= 1) {
    const rest = parts.slice(n).join("-");
    if (LENGTH.test(rest.replace(/\/[^/]*$/, "")) || /^[a-z]+$/.test(rest)) {
      const prefix = parts.slice(0, n).join("-");
      if (n === 1 || LENGTH.test(rest.replace(/\/[^/]*$/, ""))) return prefix;
    }
  }
  return parts.slice(0, -1).join("-");
}

interface Parsed {
  key: string;
  group: string;
}

function parse(token: string): Parsed | null {
  // Variants end at the last ':' outside brackets.
  let depth = 0;
  let cut = -1;
  for (let i = 0; i < token.length; i += 1) {
    const ch = token[i];
    if (ch === "[") depth += 1;
    else if (ch === "]") depth -= 1;
    else if (ch === ":" && depth === 0) cut = i;
  }
  const variants = token.slice(0, cut + 1);
  let base = token.slice(cut + 1);
  let important = "";
  if (base.startsWith("!") || base.endsWith("!")) {
    important = "!";
    base = base.replace(/^!|!$/g, "");
  }
  if (base.startsWith("-")) base = base.slice(1);
  const group = groupOf(base);
  if (group === null) return null;
  return { key: `${variants}${important}`, group };
}

export function mergeClasses(classes: string): string {
  const tokens = classes.split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  const taken = new Set<string>();
  // From the last class back: a class whose kind a later class already set is dropped.
  for (let i = tokens.length - 1; i >= 0; i -= 1) {
    const token = tokens[i] as string;
    const parsed = parse(token);
    if (!parsed) {
      kept.push(token);
      continue;
    }
    const id = `${parsed.key}|${parsed.group}`;
    if (taken.has(id)) continue;
    taken.add(id);
    for (const overridden of OVERRIDES[parsed.group] ?? []) taken.add(`${parsed.key}|${overridden}`);
    kept.push(token);
  }
  return kept.reverse().join(" ");
}
