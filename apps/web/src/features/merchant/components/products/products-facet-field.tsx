import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { matchExistingValue } from "../../lib/facet-choice";

interface FacetFieldProps extends Omit<ComponentProps<typeof Input>, "list"> {
  id: string;
  /** "brand", "category": the word the new-value note uses. */
  noun: string;
  value: string;
  existing: readonly string[];
  /** Replaces the typed text with the existing value's own spelling. */
  onSnap: (value: string) => void;
}

/**
 * A text box that offers the shop's existing values as you type (a native combobox) and still
 * takes a new one, saying so, so a typo does not silently make a second facet.
 */
export function FacetField({ id, noun, value, existing, onSnap, onBlur, ...input }: FacetFieldProps) {
  const listId = `${id}-options`;
  const match = matchExistingValue(value, existing);
  const isNew = value.trim() !== "" && match === null && existing.length > 0;
  const noteId = `${id}-new`;
  const describedBy = [input["aria-describedby"], isNew ? noteId : undefined].filter(Boolean).join(" ");
  return (
    <>
      <Input
        id={id}
        list={listId}
        {...input}
        aria-describedby={describedBy || undefined}
        onBlur={(event) => {
          if (match !== null && match !== value) onSnap(match);
          onBlur?.(event);
        }}
      />
      <datalist id={listId}>
        {existing.map((option) => (
          <option key={option} value={option} />
        ))}
      </datalist>
      {isNew && (
        <p id={noteId} className="text-xs text-amber-800 dark:text-amber-300">
          {`New ${noun} “${value.trim()}” will be added. Pick an existing one to avoid a duplicate.`}
        </p>
      )}
    </>
  );
}
