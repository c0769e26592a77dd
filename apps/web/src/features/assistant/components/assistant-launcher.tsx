import type { Product } from "@haggle/contract/products";
import { lazy, Suspense, useLayoutEffect, useState } from "react";
import { wasLeftOpen } from "../lib/assistant-launch";
import { AssistantLauncherButton, AssistantLauncherStrip } from "./assistant-launcher-button";

// The chat, its stream reader and its carousel are a chunk of their own: most visits never open it.
const loadAssistant = () => import("./shopping-assistant");
const ShoppingAssistant = lazy(() => loadAssistant().then((m) => ({ default: m.ShoppingAssistant })));

/** Starts fetching the assistant's code when the shopper is about to open it (pointer over, focus). */
function prefetch() {
  void loadAssistant();
}

/**
 * The floating assistant button on every page. Only the button is in the main bundle: the
 * assistant itself loads on the first click (or at once, when the shopper left the chat open on
 * an earlier page), and then takes the button's place.
 */
export function AssistantLauncher({ onAddToCart }: { onAddToCart: (product: Product) => void }) {
  const [state, setState] = useState<"closed" | "restored" | "opened">("closed");
  // After the first render (the server's has no sessionStorage), before the first paint.
  useLayoutEffect(() => {
    if (wasLeftOpen()) setState((current) => (current === "closed" ? "restored" : current));
  }, []);
  return (
    <>
      <AssistantLauncherStrip />
      {state === "closed" ? (
        <AssistantLauncherButton
          onClick={() => setState("opened")}
          onPointerEnter={prefetch}
          onFocus={prefetch}
        />
      ) : (
        <Suspense fallback={<AssistantLauncherButton aria-busy="true" />}>
          <ShoppingAssistant onAddToCart={onAddToCart} openAtStart={state === "opened"} />
        </Suspense>
      )}
    </>
  );
}
