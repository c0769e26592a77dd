import { CONFIG_SECTION_SCHEMAS, type ConfigType, type SellerConfigDto } from "@haggle/contract/merchant";
import { useMemo, useState } from "react";
import type { z } from "zod";
import {
  checkSection,
  differs,
  type FieldValues,
  type SectionCheck,
  toFieldValues,
} from "../lib/config-form";
import { configFieldId } from "../lib/config-fields";

export interface ConfigSectionForm<T extends ConfigType = ConfigType> {
  configType: T;
  /** What the inputs show: the saved values, overlaid with what the merchant typed. */
  values: FieldValues;
  savedValues: FieldValues;
  fieldErrors: Record<string, string>;
  groupErrors: Record<string, string>;
  /** Typed values differ from the saved ones. */
  dirty: boolean;
  setField: (path: string, text: string) => void;
  /**
   * Checks with the contract's schema plus `extra` rules (messages by field path), shows the
   * messages, and answers the section or null.
   */
  check: (extra?: Record<string, string>) => SellerConfigDto[T] | null;
  /** Drops the typed values: the inputs show the saved ones again. */
  reset: () => void;
}

/**
 * The state of one settings section's form. Only the fields the merchant touched are kept as
 * typed text; the others follow the server, so a refresh (after a save, or live) never loses
 * an edit and never leaves a stale value.
 */
export function useConfigSectionForm<T extends ConfigType>(
  configType: T,
  saved: SellerConfigDto[T],
): ConfigSectionForm<T> {
  const savedValues = useMemo(() => toFieldValues(saved), [saved]);
  const [draft, setDraft] = useState<FieldValues>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [groupErrors, setGroupErrors] = useState<Record<string, string>>({});
  const values = useMemo(() => ({ ...savedValues, ...draft }), [savedValues, draft]);

  return {
    configType,
    values,
    savedValues,
    fieldErrors,
    groupErrors,
    dirty: differs(values, savedValues),
    setField: (path, text) => {
      setDraft((current) => ({ ...current, [path]: text }));
      // The message stays until the next save attempt would say otherwise; editing clears it.
      setFieldErrors(({ [path]: _cleared, ...rest }) => rest);
      setGroupErrors({});
    },
    check: (extra = {}) => {
      // Indexing the schemas by a generic key loses the pairing TypeScript cannot see; it holds.
      const schema = CONFIG_SECTION_SCHEMAS[configType] as unknown as z.ZodType<SellerConfigDto[T]>;
      const result: SectionCheck<SellerConfigDto[T]> = checkSection(schema, values);
      const errors = result.ok ? {} : result.fieldErrors;
      for (const [path, message] of Object.entries(extra)) errors[path] ??= message;
      setFieldErrors(errors);
      setGroupErrors(result.ok ? {} : result.groupErrors);
      const groups = result.ok ? [] : Object.keys(result.groupErrors);
      const firstInvalid = Object.keys(values).find(
        (path) => path in errors || groups.some((group) => group === "" || path.startsWith(`${group}.`)),
      );
      if (firstInvalid !== undefined)
        document.getElementById(configFieldId(configType, firstInvalid))?.focus();
      return result.ok && firstInvalid === undefined ? result.data : null;
    },
    reset: () => {
      setDraft({});
      setFieldErrors({});
      setGroupErrors({});
    },
  };
}
