import { cn } from "@/lib/cn";
import type { ConfigSectionForm } from "../../hooks/config-section-form";
import { CONFIG_FIELDS, configFieldId } from "../../lib/config-fields";

/** One setting chosen among a few words (the stance): a radio group, each option with what it does. */
export function ConfigChoiceField({ form, path }: { form: ConfigSectionForm; path: string }) {
  const info = CONFIG_FIELDS[form.configType][path];
  if (!info?.options) throw new Error(`No choice ${form.configType}.${path}`);
  const id = configFieldId(form.configType, path);
  const selected = form.values[path];
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-help`}>
      <legend className="mb-1 font-medium">{info.label}</legend>
      <p id={`${id}-help`} className="text-sm text-muted-foreground">
        {info.help}
      </p>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
        {info.options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className={cn(
                "flex cursor-pointer gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                selected === option.value && "border-primary bg-muted",
              )}
            >
              <input
                id={optionId}
                type="radio"
                value={option.value}
                {...form.field(path)}
                aria-describedby={`${optionId}-help`}
                className="mt-1"
              />
              <span className="flex flex-col gap-1">
                <span className="font-medium">{option.label}</span>
                <span id={`${optionId}-help`} className="text-muted-foreground">
                  {option.help}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
