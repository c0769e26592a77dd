import type { ReactNode } from "react";

/** One choice of a radio group, drawn as a bordered card whose whole area picks it. */
export function RadioCard({
  name,
  checked,
  onChoose,
  children,
}: {
  name: string;
  checked: boolean;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChoose}
        className="mt-0.5 size-4 accent-primary"
      />
      {children}
    </label>
  );
}
