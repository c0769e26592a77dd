import { SearchIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Input } from "@/components/ui/input";

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
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);

  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setDraft(value);
    }
  }, [value]);

  useEffect(() => {
    const next = draft.trim();
    if (next === committed.current) return;
    const timer = window.setTimeout(() => {
      committed.current = next;
      onCommit(next);
    }, DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, onCommit]);

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
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        className="h-10 pl-9"
      />
    </search>
  );
}
