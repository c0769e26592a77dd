import { useCallback, useEffect, useRef, useState } from "react";
import { readSidebarState, sidebarCookie } from "../lib/sidebar-cookie";

function storedState(): boolean {
  return typeof document === "undefined" ? true : (readSidebarState(document.cookie) ?? true);
}

/** Whether the desktop sidebar is expanded; every change is remembered in the `sidebar_state` cookie. */
export function useSidebarState() {
  const [expanded, setExpandedState] = useState(storedState);
  const current = useRef(expanded);

  const setExpanded = useCallback((next: boolean) => {
    current.current = next;
    setExpandedState(next);
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in some browsers
    document.cookie = sidebarCookie(next);
  }, []);
  const toggle = useCallback(() => setExpanded(!current.current), [setExpanded]);

  return { expanded, setExpanded, toggle };
}

/** Ctrl+B (Cmd+B on a Mac) anywhere on the page. */
export function useSidebarShortcut(onToggle: () => void) {
  const latest = useRef(onToggle);
  useEffect(() => {
    latest.current = onToggle;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "b" || !(event.ctrlKey || event.metaKey)) return;
      if (event.altKey || event.shiftKey) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
