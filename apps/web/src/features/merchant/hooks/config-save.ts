import type { ConfigType } from "@haggle/contract/merchant";
import { useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { type ConfigSectionUpdate, PartialSaveError, useSaveConfig } from "../api/config-queries";
import { CONFIG_SAVED, configSaveFailure, type ToastContent } from "../lib/config-feedback";
import type { ConfigSectionForm } from "./config-section-form";

function show(kind: "success" | "error", { title, description }: ToastContent) {
  toast[kind](title, description === undefined ? undefined : { description });
}

/**
 * Saves the sections one Save button stands for: checks every form first (nothing is sent when
 * one is wrong), then PUTs the changed sections (all of them when none changed), each whole.
 * One toast tells the outcome; a refusal also stays on the page as `serverError`.
 */
export function useConfigSave() {
  const mutation = useSaveConfig();
  const [serverError, setServerError] = useState<string | null>(null);

  // A save checks its forms before it sends; a second click meanwhile must not send twice.
  const checking = useRef(false);

  const save = async (
    forms: ConfigSectionForm[],
    extraErrors: Partial<Record<ConfigType, Record<string, string>>> = {},
  ) => {
    if (checking.current) return;
    checking.current = true;
    const checked: { update: ConfigSectionUpdate; form: ConfigSectionForm }[] = [];
    let valid = true;
    try {
      for (const form of forms) {
        // Every form shows its messages; the first wrong field of the first wrong form gets the focus.
        const section = await form.check(extraErrors[form.configType], valid);
        if (section === null) valid = false;
        // The form's own schema produced the section, so it matches its configType.
        else checked.push({ update: { configType: form.configType, section } as ConfigSectionUpdate, form });
      }
    } finally {
      checking.current = false;
    }
    if (!valid) return;
    const changed = checked.filter(({ form }) => form.dirty);
    const toSend = changed.length > 0 ? changed : checked;
    setServerError(null);
    mutation.mutate(
      toSend.map(({ update }) => update),
      {
        onSuccess: () => {
          for (const { form } of toSend) form.reset();
          show("success", CONFIG_SAVED);
        },
        onError: (error) => {
          const cause = error instanceof PartialSaveError ? error.cause : error;
          if (error instanceof PartialSaveError) {
            for (const { form } of toSend) if (error.saved.includes(form.configType)) form.reset();
          }
          const failure = configSaveFailure(cause);
          setServerError(failure.description ?? null);
          show("error", failure);
        },
      },
    );
  };

  return { save, pending: mutation.isPending, serverError };
}
