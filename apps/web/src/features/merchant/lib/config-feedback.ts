import { errorMessage } from "@/lib/error-message";

export interface ToastContent {
  title: string;
  description?: string;
}

export const CONFIG_SAVED: ToastContent = { title: "Configuration saved successfully" };

/** The catalogue's title, with the server's own sentence (e.g. a 400 about the ceiling) beneath. */
export function configSaveFailure(error: unknown): ToastContent {
  const description = errorMessage(error, "");
  return description === ""
    ? { title: "Failed to save configuration" }
    : { title: "Failed to save configuration", description };
}
