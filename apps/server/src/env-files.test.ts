import { describe, expect, it } from "vitest";
import { withSecretFiles } from "./env-files.ts";
import { parseEnv } from "./env.ts";

const files: Record<string, string> = { "/run/secrets/auth": "s3cret-from-a-file-0123456789abcdef\n" };
const read = (file: string) => {
  const text = files[file];
  if (text === undefined) throw Object.assign(new Error("missing"), { code: "ENOENT" });
  return text;
};

describe("secrets from files", () => {
  it("reads <NAME>_FILE into <NAME> without its final line break", () => {
    const { env, problems } = withSecretFiles({ AUTH_SECRET_FILE: "/run/secrets/auth" }, read);
    expect(problems).toEqual([]);
    expect(env.AUTH_SECRET).toBe("s3cret-from-a-file-0123456789abcdef");
  });

  it("refuses a file that cannot be read, and a secret set both ways, in one sentence each", () => {
    const { problems } = withSecretFiles(
      { AUTH_SECRET_FILE: "/nowhere", SMTP_URL: "smtp://x", SMTP_URL_FILE: "/run/secrets/auth" },
      read,
    );
    expect(problems).toEqual([
      "  AUTH_SECRET_FILE: cannot read /nowhere (ENOENT)",
      "  SMTP_URL_FILE: SMTP_URL is set too; set one of them",
    ]);
  });

  it("makes parseEnv refuse to start with an unreadable secret file", () => {
    expect(() => parseEnv({ AUTH_SECRET_FILE: "/nowhere/at/all" })).toThrow(
      "AUTH_SECRET_FILE: cannot read /nowhere/at/all (ENOENT)",
    );
  });
});
