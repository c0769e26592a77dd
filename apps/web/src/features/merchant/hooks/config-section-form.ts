import { zodResolver } from "@hookform/resolvers/zod";
import type { ConfigType, SellerConfigDto } from "@haggle/contract/merchant";
import { useMemo } from "react";
import { type UseFormRegisterReturn, useForm } from "react-hook-form";
import {
  differs,
  errorMessageAt,
  type FieldValues,
  type SectionTexts,
  sectionFormSchema,
  sectionMessages,
  toFieldValues,
  toSectionTexts,
} from "../lib/config-form";

export interface ConfigSectionForm<T extends ConfigType = ConfigType> {
  configType: T;
  /** What the inputs show, by dotted path: the saved values, overlaid with what the merchant typed. */
  values: FieldValues;
  fieldErrors: Record<string, string>;
  groupErrors: Record<string, string>;
  /** Typed values differ from the saved ones. */
  dirty: boolean;
  /** What the input of the number at `path` needs: its name, change and blur handlers, and ref. */
  field: (path: string) => UseFormRegisterReturn;
  /**
   * Checks with the contract's schema plus `extra` rules (messages by field path), shows the
   * messages, focuses the first field in the way (unless `focus` is false) and answers the
   * section or null.
   */
  check: (extra?: Record<string, string>, focus?: boolean) => Promise<SellerConfigDto[T] | null>;
  /** Drops the typed values and the messages: the inputs show the saved ones again. */
  reset: () => void;
}

/**
 * The state of one settings section's form. Only the fields the merchant edited keep their
 * typed text; the others follow the server, so a refresh (after a save, or live) never loses
 * an edit and never leaves a stale value.
 */
export function useConfigSectionForm<T extends ConfigType>(
  configType: T,
  saved: SellerConfigDto[T],
): ConfigSectionForm<T> {
  const savedTexts = useMemo(() => toSectionTexts(saved), [saved]);
  const savedValues = useMemo(() => toFieldValues(saved), [saved]);
  const paths = useMemo(() => Object.keys(savedValues), [savedValues]);
  const schema = useMemo(() => sectionFormSchema(configType), [configType]);
  const form = useForm<SectionTexts, unknown, SellerConfigDto[T]>({
    values: savedTexts,
    // A refresh from the server keeps edited fields and the messages on screen.
    resetOptions: { keepDirtyValues: true, keepErrors: true },
    resolver: zodResolver(schema),
    shouldFocusError: false,
  });
  const values = toFieldValues(form.watch());
  const { errors } = form.formState;
  const { fieldErrors, groupErrors } = sectionMessages((path) => errorMessageAt(errors, path), paths);

  return {
    configType,
    values,
    fieldErrors,
    groupErrors,
    dirty: differs(values, savedValues),
    field: (path) =>
      form.register(path, {
        // A message stays until the next save attempt would say otherwise; editing clears it,
        // and every message about a group. (A group's rule is only checked once each of its
        // fields is valid, so clearing the group takes no field message with it.)
        onChange: () => form.clearErrors([path, ...Object.keys(groupErrors)]),
      }),
    check: async (extra = {}, focus = true) => {
      const valid = await form.trigger();
      for (const [path, message] of Object.entries(extra)) {
        if (form.getFieldState(path).error === undefined) form.setError(path, { type: "conflict", message });
      }
      const now = sectionMessages((path) => form.getFieldState(path).error?.message, paths);
      const groups = Object.keys(now.groupErrors);
      let firstInvalid = paths.find(
        (path) => path in now.fieldErrors || groups.some((group) => path.startsWith(`${group}.`)),
      );
      // Only a rule about the whole section is broken: it concerns every field.
      if (firstInvalid === undefined && !valid) firstInvalid = paths[0];
      if (firstInvalid !== undefined) {
        if (focus) form.setFocus(firstInvalid);
        return null;
      }
      return schema.parse(form.getValues());
    },
    reset: () => form.reset(savedTexts, { keepDirtyValues: false, keepErrors: false, keepFieldsRef: true }),
  };
}
