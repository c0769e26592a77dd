/** The avatar text: the first two letters of the e-mail in upper case, or "U" when there is none. */
export function avatarInitials(email: string | null | undefined): string {
  const trimmed = email?.trim() ?? "";
  if (trimmed.length === 0) return "U";
  return trimmed.slice(0, 2).toUpperCase();
}
