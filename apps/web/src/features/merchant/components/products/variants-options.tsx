import { ArrowDownIcon, ArrowUpIcon, PlusIcon, XIcon } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type GridEdit, type GridOption, MAX_OPTIONS, optionEdits } from "../../lib/variant-grid";

interface VariantOptionsProps {
  /** Prefix of the fields' ids (the page focuses the first field with a problem). */
  idPrefix: string;
  options: readonly GridOption[];
  productSku: string;
  /** Sentences about an option's name (valueIndex null) or one of its values. */
  problemAt: (index: number, valueIndex: number | null) => string | undefined;
  onEdit: (edit: GridEdit) => void;
}

/** The same sentences the contract gives, said at once for a value typed into the options. */
function valueProblem(option: GridOption, value: string, except: number | null): string | null {
  const text = value.trim();
  if (text === "") return "Option value is required.";
  if (text.length > 60) return "Option value can be at most 60 characters.";
  const twice = option.values.some((v, j) => j !== except && v.toLowerCase() === text.toLowerCase());
  return twice ? `${option.name || "This option"} lists ${text} twice.` : null;
}

function ErrorText({ id, message }: { id: string; message: string | undefined | null }) {
  return message ? (
    <p id={id} className="text-xs text-destructive">
      {message}
    </p>
  ) : null;
}

const onEnter = (then: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.key !== "Enter") return;
  event.preventDefault();
  then();
};

interface ValueProps {
  id: string;
  option: GridOption;
  valueIndex: number;
  problem: string | undefined;
  onRename: (value: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One value: renamed when the box is left (or on Enter), moved earlier or later, removed. */
function OptionValue({ id, option, valueIndex, problem, onRename, onMove, onRemove }: ValueProps) {
  const value = option.values[valueIndex] ?? "";
  const [text, setText] = useState(value);
  const [local, setLocal] = useState<string | null>(null);
  const commit = () => {
    if (text.trim() === value) return setText(value);
    const why = valueProblem(option, text, valueIndex);
    setLocal(why);
    if (!why) onRename(text.trim());
  };
  const message = local ?? problem;
  const label = `${option.name || "Option"} value ${valueIndex + 1}`;
  return (
    <li className="flex flex-col gap-1">
      <div className="flex items-center gap-1">
        <Input
          id={id}
          aria-label={label}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={onEnter(commit)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          className="h-8 w-32"
          autoComplete="off"
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Move ${value} earlier`}
          disabled={valueIndex === 0}
          onClick={() => onMove(-1)}
        >
          <ArrowUpIcon aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Move ${value} later`}
          disabled={valueIndex === option.values.length - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDownIcon aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Remove ${value}`}
          disabled={option.values.length === 1}
          onClick={onRemove}
        >
          <XIcon aria-hidden="true" />
        </Button>
      </div>
      <ErrorText id={`${id}-error`} message={message} />
    </li>
  );
}

/** A box and a button adding a value to an option (Enter adds too). */
function AddValue({ option, onAdd }: { option: GridOption; onAdd: (value: string) => void }) {
  const id = useId();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const why = valueProblem(option, text, null);
    setProblem(why);
    if (why) return;
    onAdd(text.trim());
    setText("");
  };
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-1">
        <Input
          id={id}
          aria-label={`New ${option.name || "option"} value`}
          placeholder="New value"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onEnter(add)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          className="h-8 w-32"
          autoComplete="off"
        />
        <Button type="button" variant="outline" size="sm" onClick={add}>
          <PlusIcon aria-hidden="true" />
          Add value
        </Button>
      </div>
      <ErrorText id={`${id}-error`} message={problem} />
    </div>
  );
}

/** A new option: its name and first value (every option has at least one value). */
function AddOption({
  names,
  onAdd,
}: {
  names: readonly string[];
  onAdd: (name: string, value: string) => void;
}) {
  const id = useId();
  const [name, setName] = useState("");
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const add = () => {
    const [n, v] = [name.trim(), value.trim()];
    const why =
      n === ""
        ? "Option name is required."
        : names.some((o) => o.toLowerCase() === n.toLowerCase())
          ? `Two options are named ${n}.`
          : v === ""
            ? "Option value is required."
            : null;
    setProblem(why);
    if (why) return;
    onAdd(n, v);
    setName("");
    setValue("");
  };
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-dashed p-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-name`}>New option</Label>
          <Input
            id={`${id}-name`}
            placeholder="e.g. Size"
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={onEnter(add)}
            className="h-8 w-36"
            autoComplete="off"
            aria-describedby={problem ? `${id}-error` : undefined}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-value`}>First value</Label>
          <Input
            id={`${id}-value`}
            placeholder="e.g. M"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onKeyDown={onEnter(add)}
            className="h-8 w-32"
            autoComplete="off"
            aria-describedby={problem ? `${id}-error` : undefined}
          />
        </div>
        <Button type="button" variant="outline" size="sm" onClick={add}>
          <PlusIcon aria-hidden="true" />
          Add option
        </Button>
      </div>
      <ErrorText id={`${id}-error`} message={problem} />
    </div>
  );
}

/** Up to three options, each a name and its ordered values; every edit regrids the combinations. */
export function VariantOptions({ idPrefix, options, productSku, problemAt, onEdit }: VariantOptionsProps) {
  return (
    <section aria-labelledby={`${idPrefix}-options`} className="flex flex-col gap-3">
      <h2 id={`${idPrefix}-options`} className="text-lg font-semibold">
        Options
      </h2>
      {options.length === 0 && (
        <p className="text-sm text-muted-foreground">
          No options yet: the product is sold as one item. Add an option (for example Size) to sell it in
          several.
        </p>
      )}
      {options.map((option, i) => (
        <fieldset
          // Options are only added at the end or removed: the position names the option.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          className="flex flex-col gap-3 rounded-lg border p-3"
        >
          <legend className="px-1 text-sm font-medium">{`Option ${i + 1}`}</legend>
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${idPrefix}-o${i}`}>Option name</Label>
              <Input
                id={`${idPrefix}-o${i}`}
                value={option.name}
                onChange={(event) => onEdit((s) => optionEdits.renameOption(s, i, event.target.value))}
                aria-invalid={problemAt(i, null) ? true : undefined}
                aria-describedby={problemAt(i, null) ? `${idPrefix}-o${i}-error` : undefined}
                className="h-8 w-40"
                autoComplete="off"
              />
            </div>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => onEdit((s) => optionEdits.removeOption(s, productSku, i))}
            >
              <XIcon aria-hidden="true" />
              {`Remove option ${option.name || i + 1}`}
            </Button>
          </div>
          <ErrorText id={`${idPrefix}-o${i}-error`} message={problemAt(i, null)} />
          <ul
            aria-label={`Values of ${option.name || `option ${i + 1}`}`}
            className="flex flex-wrap gap-x-4 gap-y-2"
          >
            {option.values.map((value, j) => (
              <OptionValue
                key={value}
                id={`${idPrefix}-o${i}-v${j}`}
                option={option}
                valueIndex={j}
                problem={problemAt(i, j)}
                onRename={(text) => onEdit((s) => optionEdits.renameValue(s, productSku, i, j, text))}
                onMove={(by) => onEdit((s) => optionEdits.moveValue(s, productSku, i, j, by))}
                onRemove={() => onEdit((s) => optionEdits.removeValue(s, productSku, i, j))}
              />
            ))}
          </ul>
          <AddValue
            option={option}
            onAdd={(value) => onEdit((s) => optionEdits.addValue(s, productSku, i, value))}
          />
        </fieldset>
      ))}
      {options.length < MAX_OPTIONS && (
        <AddOption
          names={options.map((o) => o.name)}
          onAdd={(name, value) => onEdit((s) => optionEdits.addOption(s, productSku, name, value))}
        />
      )}
    </section>
  );
}
