import type { ExternalToast, toast as sonnerToast } from "sonner";

/**
 * sonner's `toast`, loaded with its Toaster when the first toast is asked for: sonner is about
 * 9 KB gzip and `toast` and `Toaster` are one module, so importing either would put all of it in
 * every first page (e2e/initial-js-budget.spec.ts). Toasts asked for before the Toaster is
 * mounted wait for it (app/lazy-toaster.tsx) and then show in the order they were asked for.
 */
type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner>[0];

let ready: Sonner | undefined;
const waiting: Array<(sonner: Sonner) => void> = [];
const wantedListeners = new Set<() => void>();
let wanted = false;

function withSonner(call: (sonner: Sonner) => void): void {
  if (ready) {
    call(ready);
    return;
  }
  waiting.push(call);
  if (wanted) return;
  wanted = true;
  for (const listener of wantedListeners) listener();
}

/** Whether a toast has been asked for: the Toaster mounts from then on. */
export function isToastWanted(): boolean {
  return wanted;
}

/** Calls `listener` when the first toast is asked for; returns the unsubscribe. */
export function onToastWanted(listener: () => void): () => void {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
}

/** The mounted Toaster hands over sonner's `toast`: the waiting toasts show now. */
export function toasterMounted(sonner: Sonner): void {
  ready = sonner;
  for (const call of waiting.splice(0)) call(sonner);
}

export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => withSonner((sonner) => sonner(message, data)),
  {
    success: (message: Message, data?: ExternalToast) =>
      withSonner((sonner) => sonner.success(message, data)),
    error: (message: Message, data?: ExternalToast) => withSonner((sonner) => sonner.error(message, data)),
    warning: (message: Message, data?: ExternalToast) =>
      withSonner((sonner) => sonner.warning(message, data)),
    dismiss: (id?: string | number) => withSonner((sonner) => sonner.dismiss(id)),
  },
);
