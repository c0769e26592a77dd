/**
 * What a password reset or "sign out everywhere" tells the account holder: every session ended,
 * and every API key of the account revoked with them. A key outlived a reset before, so whoever
 * had made one (a squatter who registered the owner's address first) kept reading the account.
 */
export type AccessEnd = "password-reset" | "sign-out-everywhere" | "sign-out-elsewhere";

function keysSentence(apiKeysRevoked: number): string {
  if (apiKeysRevoked === 0) return "The account had no API keys to revoke.";
  const keys = apiKeysRevoked === 1 ? "1 API key was" : `${apiKeysRevoked} API keys were`;
  return `${keys} revoked too: agents using ${apiKeysRevoked === 1 ? "it" : "them"} need a new key from your account page.`;
}

export function accessEndedSentence(end: AccessEnd, apiKeysRevoked: number): string {
  const first = {
    "password-reset": "Your password has been changed and every session of the account was signed out.",
    "sign-out-everywhere": "Every session of the account was signed out.",
    "sign-out-elsewhere": "Every other session of the account was signed out.",
  }[end];
  return `${first} ${keysSentence(apiKeysRevoked)}`;
}
