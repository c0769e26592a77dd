import { SearchIcon } from "@/components/icons/first-page-icons";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Input } from "@/components/ui/input";
import { useDebouncedValue } from "@/lib/use-debounced-value";

const DEBOUNCE_MS = 250;

interface SearchBoxProps {
  /** The committed search (from the URL). */
  value: string;
  /** Called once typing pauses. */
  onCommit: (value: string) => void;
}

/** Free-text search; keeps its own draft while typing and follows the URL on back/forward. */
export function SearchBox({ value, onCommit }: SearchBoxProps) {
  const id = useId();
  // Each edit is a new object, so a pause commits it even when the same text rested before.
  const [draft, setDraft] = useState({ text: value });
  const settled = useDebouncedValue(draft, DEBOUNCE_MS);
  const committed = useRef(value);
  const commit = useRef(onCommit);
  useLayoutEffect(() => {
    commit.current = onCommit;
  });

  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setDraft({ text: value });
    }
  }, [value]);

  useEffect(() => {
    const next = settled.text.trim();
    if (next === committed.current) return;
    committed.current = next;
    commit.current(next);
  }, [settled]);

  return (
    <search className="relative flex-1">
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        placeholder="Search products..."
        autoComplete="off"
        enterKeyHint="search"
        value={draft.text}
        onChange={(event) => setDraft({ text: event.target.value })}
        className="h-10 pl-9"
      />
    </search>
  );
}
