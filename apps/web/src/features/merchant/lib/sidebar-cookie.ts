/** Spec §9: the sidebar remembers whether it is expanded for 7 days. */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** The stored state from a `document.cookie` string: true expanded, false collapsed, null never set. */
export function readSidebarState(cookie: string): boolean | null {
  for (const part of cookie.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === SIDEBAR_COOKIE) {
      if (value === "true") return true;
      if (value === "false") return false;
    }
  }
  return null;
}

export function sidebarCookie(expanded: boolean): string {
  return `${SIDEBAR_COOKIE}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}
